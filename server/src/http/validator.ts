// Every route's schemas run through this validator: before zod sees a body, query string or
// path, any field holding text that cannot be stored (a NUL, a lone surrogate; see
// common/src/text.ts) is refused with 422 and the contract's errors object (docs/api.md), so
// no text field of any route, present or future, reaches the database with it
// (docs/security.md section 4).
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { fieldsWithUnstorableText, messages } from '@recuse/common';

// The shape fastify-type-provider-zod gives its own validation errors, so the one error
// handler answers both alike.
const zodValidationError = Symbol.for('ZodFastifySchemaValidationError');

export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const fields = fieldsWithUnstorableText(data);
    if (fields.length === 0) return validate(data);
    return {
      error: fields.map((field) => ({
        [zodValidationError]: true,
        keyword: 'custom',
        instancePath: `/${field}`,
        schemaPath: `#/${field}/custom`,
        message: messages.textInvalidCharacters,
        params: {},
      })),
    } as unknown as ReturnType<ReturnType<typeof zodValidatorCompiler>>;
  };
};
