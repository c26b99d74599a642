// An affiliation's start or end month. The picker (month-picker.tsx, with @mantine/dates) is a
// chunk of its own, fetched when the pointer or the focus first comes to the affiliations or a
// month field is pressed, so the profile page first loads without it (docs/benchmarks.md, "Web
// assets"). Until it arrives a stand-in draws the same field (month-field-look.ts): the same
// label, text, size and marks; pressed, it opens the picker as soon as the picker is there, and
// the picker takes the focus the stand-in had.
import { useState, useSyncExternalStore } from 'react';
import type { ComponentProps } from 'react';
import { Input, useInputProps } from '@mantine/core';
import type * as MonthPickerModule from './month-picker.tsx';
import { formatMonth, monthFieldLook } from './month-field-look.ts';
import type { MonthFieldProps } from './month-field-look.ts';

let loaded: typeof MonthPickerModule | undefined;
let loading: Promise<typeof MonthPickerModule> | undefined;
const listeners = new Set<() => void>();

/** The picker's module; a failed fetch is tried again on the next call. */
function loadMonthPicker(): Promise<typeof MonthPickerModule> {
  loading ??= import('./month-picker.tsx').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the picker, for a person about to use it; the stand-in stays if it fails. */
export const prefetchMonthPicker = () => void loadMonthPicker().catch(() => undefined);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const hasMonthPicker = () => loaded !== undefined;

export function MonthField(props: MonthFieldProps) {
  const isLoaded = useSyncExternalStore(subscribe, hasMonthPicker);
  const [hasFocus, setHasFocus] = useState(false);
  const [wasPressed, setWasPressed] = useState(false);
  if (isLoaded && loaded)
    return <loaded.MonthPicker {...props} focusesOnMount={hasFocus} opensOnMount={wasPressed} />;

  return (
    <MonthFieldStandIn
      {...monthFieldLook(props.label, props.error)}
      text={formatMonth(props.value)}
      onPointerEnter={prefetchMonthPicker}
      onFocus={() => {
        setHasFocus(true);
        prefetchMonthPicker();
      }}
      onBlur={() => setHasFocus(false)}
      onClick={() => {
        setWasPressed(true);
        prefetchMonthPicker();
      }}
    />
  );
}

type StandInProps = ReturnType<typeof monthFieldLook> &
  Pick<ComponentProps<'button'>, 'onPointerEnter' | 'onFocus' | 'onBlur' | 'onClick'> & {
    text: string | undefined;
  };

/**
 * The picker's field without its calendar, built as @mantine/dates' PickerInputBase builds it
 * (the same wrapper, label, button and placeholder, the same classes and variables), with the
 * two rules of the picker's own style sheet, which comes with its chunk.
 */
function MonthFieldStandIn(props: StandInProps) {
  const { inputProps, wrapperProps, placeholder, text, ...events } = useInputProps(
    'MonthFieldStandIn',
    null,
    { ...props, size: 'sm', __staticSelector: 'MonthPickerInput' },
  );
  return (
    <Input.Wrapper {...wrapperProps}>
      <Input
        component="button"
        type="button"
        multiline
        {...inputProps}
        {...events}
        styles={{ input: { cursor: 'pointer', lineHeight: 'unset' } }}
        aria-haspopup="dialog"
        aria-expanded={false}
      >
        {text ?? (
          <Input.Placeholder error={inputProps.error} __staticSelector="MonthPickerInput">
            {placeholder}
          </Input.Placeholder>
        )}
      </Input>
    </Input.Wrapper>
  );
}
