import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { messages } from '@recuse/common';
import type { SaveResult } from './api-client.ts';
import { settle, useAction } from './use-action.ts';

type Answer = SaveResult<{ name: string }>;

describe('useAction', () => {
  it('marks the running action busy, says what the caller says when done, and reports it done', async () => {
    const view = renderHook(() => useAction<number>());
    let answer: (sent: Answer) => void = () => {};
    let running: Promise<boolean> = Promise.resolve(false);
    act(() => {
      running = view.result.current.run(
        7,
        () => new Promise<Answer>((resolve) => (answer = resolve)),
        {
          onDone: ({ name }) => view.result.current.setSuccess(`${name} unlocked.`),
        },
      );
    });
    expect(view.result.current.busy).toBe(7);
    let wasDone = false;
    await act(async () => {
      answer({ ok: true, data: { name: 'Ada' } });
      wasDone = await running;
    });
    expect(wasDone).toBe(true);
    expect(view.result.current.busy).toBeNull();
    expect(view.result.current.success).toBe('Ada unlocked.');
  });

  it('clears the last outcome, says the refusal in the server’s words and refreshes after it', async () => {
    const view = renderHook(() => useAction<string>());
    view.result.current.setSuccess('Before');
    const onRefused = vi.fn();
    const onAnswered = vi.fn();
    let wasDone = true;
    await act(async () => {
      wasDone = await view.result.current.run(
        'delete',
        async (): Promise<Answer> => ({
          ok: false,
          status: 409,
          message: 'Decided meanwhile.',
          errors: {},
        }),
        { onDone: () => {}, onRefused, onAnswered },
      );
    });
    expect(wasDone).toBe(false);
    expect(view.result.current.success).toBe('');
    expect(view.result.current.failure?.message).toBe('Decided meanwhile.');
    expect(onRefused).toHaveBeenCalledWith(409);
    expect(onAnswered).toHaveBeenCalledOnce();
  });

  it('reads a refusal without words, or no answer, as the failure message', async () => {
    const view = renderHook(() => useAction<string>());
    await act(() =>
      view.result.current.run(
        'a',
        async (): Promise<Answer> => ({ ok: false, status: 500, message: '', errors: {} }),
        { onDone: () => {} },
      ),
    );
    expect(view.result.current.failure?.message).toBe(messages.recordNotSaved);
    await act(() =>
      view.result.current.run('a', () => Promise.reject(new TypeError('offline')), {
        onDone: () => {},
        failureMessage: messages.couldNotFetch,
      }),
    );
    expect(view.result.current.failure).toEqual({ message: messages.couldNotFetch, errors: {} });
  });
});

describe('settle', () => {
  it('reads work that throws as a refusal in the words given', async () => {
    await expect(settle(async () => 3, String)).resolves.toEqual({ ok: true, data: 3 });
    await expect(
      settle(
        () => Promise.reject(new Error('No clipboard')),
        (thrown) => (thrown instanceof Error ? thrown.message : '?'),
      ),
    ).resolves.toEqual({ ok: false, status: 0, message: 'No clipboard', errors: {} });
  });
});
