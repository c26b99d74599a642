// Contact us (docs/product.md, "The screens"): subject and message. Success clears the form and
// opens a thank-you dialog; failure says the message could not be sent.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { contactSchema, messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';

export function ContactForm() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [isThankYouOpen, setIsThankYouOpen] = useState(false);
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: contactSchema,
    send: sendContactMessage,
    failureMessage: messages.contactFailed,
    // A refusal without field errors is the server failing to pass the message on.
    describeFailure: (answer) =>
      Object.keys(answer.errors).length > 0 ? answer.message : messages.contactFailed,
    onSuccess: () => {
      setSubject('');
      setMessage('');
      setIsThankYouOpen(true);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ Subject: subject, Message: message });
  }

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md" maw={640}>
          <RequiredFieldsNote />
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
