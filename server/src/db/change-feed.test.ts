import { describe, expect, it } from 'vitest';
import type { Change, ChangeScope } from './change-feed.ts';
import { ChangeSubscribers, readChange } from './change-feed.ts';

/** A handler that writes down what reaches it. */
function recorder(scopes: ChangeScope[]) {
  const heard: Array<Change | 'reset'> = [];
  return {
    heard,
    handlers: {
      scopes,
      onChange: (change: Change) => heard.push(change),
      onReset: () => heard.push('reset'),
    },
  };
}

describe('readChange', () => {
  it('reads the payloads the triggers send, and nothing else', () => {
    expect(readChange('user:42')).toEqual({ scope: 'user', userId: 42 });
    expect(readChange('conferences')).toEqual({ scope: 'conferences' });
    expect(readChange('profile:7')).toEqual({ scope: 'profile', userId: 7 });
    expect(readChange('profile:all')).toBeUndefined();
    expect(readChange('user:')).toBeUndefined();
    expect(readChange('user:4x')).toBeUndefined();
    expect(readChange('relations')).toBeUndefined();
  });
});

describe('ChangeSubscribers', () => {
  it('sends each change only to the copies that depend on its scope', () => {
    const subscribers = new ChangeSubscribers();
    const sessions = recorder(['user']);
    const rules = recorder(['conferences']);
    subscribers.subscribe(sessions.handlers);
    subscribers.subscribe(rules.handlers);

    subscribers.announce('user:7');
    subscribers.announce('conferences');

    expect(sessions.heard).toEqual([{ scope: 'user', userId: 7 }]);
    expect(rules.heard).toEqual([{ scope: 'conferences' }]);
  });

  it('resets every copy on a payload that names no known scope, and on a loss', () => {
    const subscribers = new ChangeSubscribers();
    const sessions = recorder(['user']);
    const rules = recorder(['conferences']);
    subscribers.subscribe(sessions.handlers);
    const unsubscribe = subscribers.subscribe(rules.handlers);

    subscribers.announce('something new');
    unsubscribe();
    subscribers.reset();

    expect(sessions.heard).toEqual(['reset', 'reset']);
    expect(rules.heard).toEqual(['reset']);
  });
});
