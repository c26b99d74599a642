import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { contactSchema, messages } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import { useFormSubmit } from './use-form-submit.ts';

type Sent = SaveResult<{ message: string }>;
const filled = { Subject: 'Hello', Message: 'A question' };
const refused = (status: number, message: string, errors = {}): Sent => ({
  ok: false,
  status,
  message,
  errors,
});

function renderForm(
  send: () => Promise<Sent>,
  extra: Partial<Parameters<typeof useFormSubmit>[0]> = {},
) {
  const onSuccess = vi.fn();
  const onRefused = vi.fn();
  const view = renderHook(() =>
    useFormSubmit({
      schema: contactSchema,
      send,
      failureMessage: messages.contactFailed,
      onSuccess,
      onRefused,
      ...extra,
    }),
  );
  return { view, onSuccess, onRefused };
}

describe('useFormSubmit', () => {
  it('shows the shared schema’s message under each field and sends nothing', async () => {
    const send = vi.fn(async (): Promise<Sent> => ({ ok: true, data: { message: 'SUCCESS' } }));
    const { view } = renderForm(send);
    await act(() => view.result.current.submit({ Subject: '', Message: '' }));
    expect(view.result.current.fieldIssues).toEqual({
      Subject: messages.subjectRequired,
      Message: messages.messageRequired,
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('places the schema’s messages where the form says', async () => {
    const send = vi.fn(async (): Promise<Sent> => ({ ok: true, data: { message: 'SUCCESS' } }));
    const { view } = renderForm(send, {
      collectIssues: (issues) => ({ count: issues.length }),
    });
    await act(() => view.result.current.submit({ Subject: '', Message: 'x' }));
    expect(view.result.current.fieldIssues).toEqual({ count: 1 });
  });

  it('sends the parsed form with what was submitted, once at a time, and hands on the answer', async () => {
    let answer: (sent: Sent) => void = () => {};
    const send = vi.fn(() => new Promise<Sent>((resolve) => (answer = resolve)));
    const { view, onSuccess } = renderForm(send);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = view.result.current.submit({ ...filled, Subject: ' Hello ' });
    });
    expect(view.result.current.isBusy).toBe(true);
    await act(() => view.result.current.submit(filled));
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith(filled, { ...filled, Subject: ' Hello ' });
    await act(async () => {
      answer({ ok: true, data: { message: 'SUCCESS' } });
      await first;
    });
    expect(onSuccess).toHaveBeenCalledWith({ message: 'SUCCESS' });
    expect(view.result.current.isBusy).toBe(false);
    expect(view.result.current.failure).toBeUndefined();
  });

  it('says a refusal in the server’s words, keeps it, and tells the form', async () => {
    const refusal = refused(422, 'Please check below fields:', { Subject: ['Too long'] });
    const { view, onRefused, onSuccess } = renderForm(async () => refusal);
    await act(() => view.result.current.submit(filled));
    expect(view.result.current.failure).toEqual({
      message: 'Please check below fields:',
      errors: { Subject: ['Too long'] },
      refusal,
    });
    expect(onRefused).toHaveBeenCalledWith(refusal);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says the form’s failure message for a refusal without words and when nothing answers', async () => {
    const silent = renderForm(async () => refused(500, '')).view;
    await act(() => silent.result.current.submit(filled));
    expect(silent.result.current.failure?.message).toBe(messages.contactFailed);

    const unreachable = renderForm(() => Promise.reject(new TypeError('offline'))).view;
    await act(() => unreachable.result.current.submit(filled));
    expect(unreachable.result.current.failure).toEqual({
      message: messages.contactFailed,
      errors: {},
    });
    expect(unreachable.result.current.isBusy).toBe(false);
  });

  it('forgets the last check and answer on reset', async () => {
    const { view } = renderForm(async () => refused(409, 'Taken'));
    await act(() => view.result.current.submit({ Subject: '', Message: '' }));
    await act(() => view.result.current.submit(filled));
    expect(view.result.current.failure?.message).toBe('Taken');
    act(() => view.result.current.reset());
    expect(view.result.current.failure).toBeUndefined();
    expect(view.result.current.fieldIssues).toEqual({});
  });
});
