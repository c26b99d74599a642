// Contact us (SPEC section 2): subject and message. Success clears the form and opens a
// thank-you dialog; failure says the message could not be sent.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { contactSchema, messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { collectFieldIssues } from '../../../lib/field-issues.ts';
import type { FieldIssues } from '../../../lib/field-issues.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

export function ContactForm() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [fieldIssues, setFieldIssues] = useState<FieldIssues>({});
  const [failure, setFailure] = useState<{ message: string; errors: FieldErrors }>();
  const [isThankYouOpen, setIsThankYouOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setFailure(undefined);
    const parsed = contactSchema.safeParse({ Subject: subject, Message: message });
    if (!parsed.success) {
      setFieldIssues(collectFieldIssues(parsed.error.issues));
      return;
    }
    setFieldIssues({});
    setIsBusy(true);
    try {
      const answer = await sendContactMessage(parsed.data);
      if (answer.ok) {
        setSubject('');
        setMessage('');
        setIsThankYouOpen(true);
      } else {
        const hasFieldErrors = Object.keys(answer.errors).length > 0;
        setFailure({
          message: hasFieldErrors ? answer.message : messages.contactFailed,
          errors: answer.errors,
        });
      }
    } catch {
      setFailure({ message: messages.contactFailed, errors: {} });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md" maw={640}>
          {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
          <TextInput
            label="Subject"
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={fieldIssues.Subject}
            required
          />
          <Textarea
            label="Message"
            autosize
            minRows={6}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={fieldIssues.Message}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={isThankYouOpen} onClose={() => setIsThankYouOpen(false)} title="Thank you!">
        <Text>{messages.contactThanks}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setIsThankYouOpen(false)}>Close</Button>
        </Group>
      </Modal>
    </>
  );
}
