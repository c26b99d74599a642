// The PC chair's workspace calls under /v1/web/conference/{confid}/ (docs/api-conflicts.md,
// "The chair's workspace"). They live in their own Fastify scope so that its body parsers
// (a `text/csv` body, a multipart body whose file `file` is read as text) reach these
// routes only. The four CSV uploads take a file of up to 16 MiB (maxCsvUploadBytes: a large
// venue's authors file passes 1 MiB at about 3,000 submissions); every other call here keeps
// the app's 1 MiB body limit.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditExportQuerySchema,
  auditReplySchema,
  auditRunsReplySchema,
  assignmentsExportQuerySchema,
  committeeInviteReplySchema,
  committeeInviteSchema,
  committeePickReplySchema,
  committeeReplySchema,
  conflictDecisionKeySchema,
  conflictDecisionReplySchema,
  conflictDecisionSchema,
  conflictDecisionsReplySchema,
  csvFileReplySchema,
  csvUploadSchema,
  isStorableText,
  maxCsvUploadBytes,
  chairWorkspaceMessages,
  lateMemberReplySchema,
  lateMemberSchema,
  matchPickSchema,
  matrixChangesReplySchema,
  matrixReplySchema,
  matrixVersionsReplySchema,
  assignmentsReplySchema,
  submissionsPickReplySchema,
  submissionsReplySchema,
  workspaceSettingsReplySchema,
  workspaceSettingsSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { parseMultipart } from '../../http/multipart.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import * as workspace from './chair-workspace.service.ts';
import * as audit from './audit.ts';
import * as invitations from './committee-invitations.ts';
import * as decisions from './decisions.ts';
import * as picks from './match-picks.ts';
import * as versions from './versions.ts';
import type { MatrixFile } from './matrix.service.ts';
import { exportMatrixFile, getMatrix, matrixFiles } from './matrix.service.ts';

const confidParams = z.object({ confid: z.string().max(30) });

export async function registerChairWorkspaceRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string' },
      async (_request: FastifyRequest, body: string) => ({
        file: body,
      }),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) =>
        parseMultipart(String(request.headers['content-type']), body, { textFile: 'file' }),
    );

    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['chair workspace'];
    // The chair check runs before the body is read: a refused caller learns nothing about
    // what the call would have accepted, and sends no file through the parser for nothing.
    const chairsOnly = {
      onRequest: [
        hooks.requireUser,
        async (request: FastifyRequest) => {
          // An unreadable confid names no conference: the service answers 404.
          // Text no database can store is refused by the validator (422), as on every call.
          const { confid } = request.params as { confid: string };
          if (!isStorableText(confid)) return;
          await findChairedConference(context.db, sessionOf(request), confid);
        },
      ],
    };
    const refused = refusals(403, 404, 422);
    // The chair check still runs first: nobody else gets to send 16 MiB through the parser.
    const csvUpload = {
      ...chairsOnly,
      bodyLimit: maxCsvUploadBytes,
      config: { bodyTooLargeMessage: chairWorkspaceMessages.fileTooLarge },
    };

    api.get(
      '/v1/web/conference/:confid/committee',
      {
        ...chairsOnly,
        schema: { tags, params: confidParams, response: { 200: committeeReplySchema, ...refused } },
      },
      async (request) => workspace.getCommittee(context, sessionOf(request), request.params.confid),
    );

    api.post(
      '/v1/web/conference/:confid/committee',
      {
        ...csvUpload,
        schema: {
          tags,
          params: confidParams,
          body: csvUploadSchema,
          response: { 200: committeeReplySchema, ...refused },
        },
      },
      async (request) =>
        workspace.uploadCommittee(
          context,
          sessionOf(request),
          request.params.confid,
          request.body.file,
        ),
    );

    api.get(
      '/v1/web/conference/:confid/submissions',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          response: { 200: submissionsReplySchema, ...refused },
        },
      },
      async (request) =>
        workspace.getSubmissions(context, sessionOf(request), request.params.confid),
    );

    api.post(
      '/v1/web/conference/:confid/submissions',
      {
        ...csvUpload,
        schema: {
          tags,
          params: confidParams,
          body: csvUploadSchema,
          response: { 200: submissionsReplySchema, ...refused },
        },
      },
      async (request) =>
        workspace.uploadSubmissions(
          context,
          sessionOf(request),
          request.params.confid,
          request.body.file,
        ),
    );

    // The chair's pick for a row only a name matches, in either file.
    for (const [file, reply] of [
      ['committee', committeePickReplySchema],
      ['submissions', submissionsPickReplySchema],
    ] as const) {
      api.post(
        `/v1/web/conference/:confid/${file}/pick`,
        {
          ...chairsOnly,
          schema: {
            tags,
            params: confidParams,
            body: matchPickSchema,
            response: { 200: reply, ...refused },
          },
        },
        async (request) =>
          picks.pickCandidate(
            context,
            sessionOf(request),
            request.params.confid,
            file,
            request.body,
          ),
      );
    }

    api.post(
      '/v1/web/conference/:confid/settings',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          body: workspaceSettingsSchema,
          response: { 200: workspaceSettingsReplySchema, ...refused },
        },
      },
      async (request) =>
        workspace.updateWorkspaceSettings(
          context,
          sessionOf(request),
          request.params.confid,
          request.body.counts_submission_coauthors,
        ),
    );

    api.get(
      '/v1/web/conference/:confid/matrix',
      {
        ...chairsOnly,
        schema: { tags, params: confidParams, response: { 200: matrixReplySchema, ...refused } },
      },
      async (request) => getMatrix(context, sessionOf(request), request.params.confid),
    );

    api.get(
      '/v1/web/conference/:confid/decisions',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          response: { 200: conflictDecisionsReplySchema, ...refused },
        },
      },
      async (request) => decisions.getDecisions(context, sessionOf(request), request.params.confid),
    );

    api.post(
      '/v1/web/conference/:confid/decision',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          body: conflictDecisionSchema,
          response: { 200: conflictDecisionReplySchema, ...refused },
        },
      },
      async (request) =>
        decisions.saveDecision(context, sessionOf(request), request.params.confid, request.body),
    );

    api.post(
      '/v1/web/conference/:confid/decision/delete',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          body: conflictDecisionKeySchema,
          response: { 200: conflictDecisionReplySchema, ...refused },
        },
      },
      async (request) =>
        decisions.deleteDecision(context, sessionOf(request), request.params.confid, request.body),
    );

    api.get(
      '/v1/web/conference/:confid/changes',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          response: { 200: matrixChangesReplySchema, ...refused },
        },
      },
      async (request) => versions.getChanges(context, sessionOf(request), request.params.confid),
    );

    api.post(
      '/v1/web/conference/:confid/recompute',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          response: { 200: matrixChangesReplySchema, ...refused },
        },
      },
      async (request) => versions.recompute(context, sessionOf(request), request.params.confid),
    );

    api.get(
      '/v1/web/conference/:confid/versions',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          response: { 200: matrixVersionsReplySchema, ...refused },
        },
      },
      async (request) => versions.getVersions(context, sessionOf(request), request.params.confid),
    );

    api.post(
      '/v1/web/conference/:confid/assignments',
      {
        ...csvUpload,
        schema: {
          tags,
          params: confidParams,
          body: csvUploadSchema,
          response: { 200: assignmentsReplySchema, ...refused },
        },
      },
      async (request) =>
        versions.uploadAssignments(
          context,
          sessionOf(request),
          request.params.confid,
          request.body.file,
        ),
    );

    api.post(
      '/v1/web/conference/:confid/committee/member',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          body: lateMemberSchema,
          response: { 200: lateMemberReplySchema, ...refusals(403, 404, 409, 422) },
        },
      },
      async (request) =>
        versions.addLateMember(context, sessionOf(request), request.params.confid, request.body),
    );

    api.post(
      '/v1/web/conference/:confid/committee/invite',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          body: committeeInviteSchema,
          response: { 200: committeeInviteReplySchema, ...refusals(403, 404, 409, 422, 429) },
        },
      },
      async (request) =>
        invitations.inviteCommitteeMember(
          context,
          sessionOf(request),
          request.params.confid,
          request.body.email,
        ),
    );

    api.post(
      '/v1/web/conference/:confid/audit',
      {
        ...csvUpload,
        schema: {
          tags,
          params: confidParams,
          body: csvUploadSchema,
          response: { 200: auditReplySchema, ...refused },
        },
      },
      async (request) =>
        audit.runAudit(context, sessionOf(request), request.params.confid, request.body.file),
    );

    api.get(
      '/v1/web/conference/:confid/audit',
      {
        ...chairsOnly,
        schema: { tags, params: confidParams, response: { 200: auditRunsReplySchema, ...refused } },
      },
      async (request) => audit.listAuditRuns(context, sessionOf(request), request.params.confid),
    );

    api.get(
      '/v1/web/conference/:confid/audit/:number',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams.extend({
            number: z
              .string()
              .regex(/^\d{1,9}$/, 'The run is a whole number.')
              .transform(Number),
          }),
          response: { 200: auditReplySchema, ...refused },
        },
      },
      async (request) =>
        audit.getAuditRun(
          context,
          sessionOf(request),
          request.params.confid,
          request.params.number,
        ),
    );

    const csvReply = { 200: { content: { 'text/csv': { schema: csvFileReplySchema } } } };
    api.get(
      '/v1/web/conference/:confid/export/audit.csv',
      {
        ...chairsOnly,
        schema: {
          tags,
          params: confidParams,
          querystring: auditExportQuerySchema,
          response: { ...csvReply, ...refused },
        },
      },
      async (request, reply) => {
        const exported = await audit.exportAuditRun(
          context,
          sessionOf(request),
          request.params.confid,
          request.query.run ?? null,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exported.fileName}"`)
          .send(exported.body);
      },
    );

    for (const file of matrixFiles) {
      api.get(
        `/v1/web/conference/:confid/export/${file}.csv`,
        {
          ...chairsOnly,
          schema: {
            tags,
            params: confidParams,
            ...(file === 'hotcrp-assignments' ? { querystring: assignmentsExportQuerySchema } : {}),
            response: { ...csvReply, ...refused },
          },
        },
        async (request, reply) => {
          const query = request.query as { provisional?: 'include' | 'exclude' };
          const exported = await exportMatrixFile(
            context,
            sessionOf(request),
            request.params.confid,
            file as MatrixFile,
            { includeProvisional: query.provisional === 'include' },
          );
          // The file going to HotCRP is what "since the last export" counts from.
          if (file === 'hotcrp-assignments') {
            await versions.recordExport(
              context,
              sessionOf(request),
              exported.conference,
              exported.matrix,
            );
          }
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${exported.fileName}"`)
            .send(exported.body);
        },
      );
    }
  });
}
