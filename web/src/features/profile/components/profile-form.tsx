// The profile edit form (docs/product.md, "The screens", Profile, and "Validation rules and
// limits"): names, e-mails, DBLP URL and the institutional affiliations. Validated with the shared
// profileSaveSchema before sending; after a save 'Record updated successfully.' shows and the
// profile reloads after 1 s. When the saved DBLP URL belongs to a person imported from DBLP, the
// account-link panel appears.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { messages, profileSaveSchema } from '@recuse/common';
import type { FullProfile } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { saveProfile } from '../api/save-profile.ts';
import { AccountLinkPanel, reloadDelayMs } from './account-link-panel.tsx';
import { AffiliationList } from './affiliation-list.tsx';
import {
  collectProfileIssues,
  firstDayOfMonth,
  hasIssues,
  listIssueMessages,
  readServerIssues,
  toFormValues,
  toSaveFields,
  toValidationInput,
} from './profile-form-values.ts';
import type { AffiliationDraft, ProfileFormValues, ProfileInput } from './profile-form-values.ts';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';

// Scrolled to after each save, clear of the fixed header.
const noticeStyle = {
  outline: 'none',
  scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))',
};

type LinkOffer = { dblpName: string; dblpUrl: string };

/**
 * Under a saved address: confirmed, or waiting for the link mailed to it (docs/product.md,
 * Profile). Older servers send no flag; their addresses count as confirmed.
 */
function addressNote(address: string, confirmed: 'Y' | 'N' | undefined, whileWaiting?: string) {
  if (address === '') return undefined;
  if (confirmed === 'N') {
    return [messages.emailAwaitingConfirmation, whileWaiting].filter(Boolean).join(' ');
  }
  return messages.emailAddressConfirmed;
}

type ProfileFormProps = {
  profile: FullProfile;
  /** Fetches the profile and the profile kept in the browser again. */
  onReload: () => void;
  onCancel: () => void;
};

export function ProfileForm({ profile, onReload, onCancel }: ProfileFormProps) {
  const [values, setValues] = useState(() => toFormValues(profile));
  const [loadedProfile, setLoadedProfile] = useState(profile);
  const [success, setSuccess] = useState<string>();
  const [linkOffer, setLinkOffer] = useState<LinkOffer>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const reloadTimer = useRef<number>(undefined);
  const save = useFormSubmit({
    schema: profileSaveSchema,
    collectIssues: collectProfileIssues,
    // The call takes the form's fields as they are; the schema only checks them.
    send: (_parsed, input: ProfileInput) => saveProfile(toSaveFields(input)),
    failureMessage: messages.recordNotSaved,
    onSuccess: ({ fake_user_link, fake_user_name, fake_user_dblp }) => {
      setLinkOffer(
        fake_user_link === 'Yes' && fake_user_dblp
          ? { dblpName: fake_user_name || fake_user_dblp, dblpUrl: fake_user_dblp }
          : undefined,
      );
      setSuccess(messages.recordUpdated);
      reloadSoon();
    },
  });
  const { failure, fieldIssues } = save;
  const issues = failure ? readServerIssues(failure.errors) : fieldIssues;
  const failureNotice = failure
    ? { message: failure.message, messages: listIssueMessages(issues) }
    : hasIssues(fieldIssues)
      ? { message: messages.checkBelowFields, messages: listIssueMessages(fieldIssues) }
      : undefined;
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  // After each save, and each check or answer that went wrong: the notice is read first.
  useEffect(() => {
    if (!success && !failure && !hasIssues(fieldIssues)) return;
    noticeRef.current?.scrollIntoView({ block: 'nearest' });
    noticeRef.current?.focus({ preventScroll: true });
  }, [success, failure, fieldIssues]);

  // The reloaded profile replaces the form (new rows now have ids). A URL waiting to be
  // linked is not stored yet, so it stays in its field.
  if (profile !== loadedProfile) {
    setLoadedProfile(profile);
    const reloaded = toFormValues(profile);
    setValues(linkOffer ? { ...reloaded, dblpUrl: linkOffer.dblpUrl } : reloaded);
  }

  const setField = (field: keyof Omit<ProfileFormValues, 'affiliations'>) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const changeAffiliations = useCallback(
    (change: (affiliations: AffiliationDraft[]) => AffiliationDraft[]) =>
      setValues((current) => ({ ...current, affiliations: change(current.affiliations) })),
    [],
  );

  function reloadSoon() {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(onReload, reloadDelayMs);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(undefined);
    void save.submit(toValidationInput(values));
  }

  function handleLinked() {
    setLinkOffer(undefined);
    setSuccess(messages.dblpClaimSent);
    onReload();
  }

  const { fields } = issues;
  const latestMonth = firstDayOfMonth(new Date());
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Profile">
      <Stack gap="lg">
        <RequiredFieldsNote />
        <div ref={noticeRef} tabIndex={-1} style={noticeStyle}>
          {success && (
            <Alert color="green" role="status">
              {success}
            </Alert>
          )}
          {failureNotice && (
            <ErrorAlert message={failureNotice.message} errors={failureNotice.messages} />
          )}
        </div>
        {linkOffer && (
          <AccountLinkPanel
            dblpName={linkOffer.dblpName}
            dblpUrl={linkOffer.dblpUrl}
            onLinked={handleLinked}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...setField('firstName')}
            error={fields.FName}
            required
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...setField('lastName')}
            error={fields.SName}
            required
          />
          <TextInput label="Other name 1" {...setField('otherName1')} error={fields.oName1} />
          <TextInput label="Other name 2" {...setField('otherName2')} error={fields.oName2} />
          <TextInput
            label="Primary email"
            type="email"
            autoComplete="email"
            {...setField('email')}
            description={addressNote(
              profile.Email,
              profile.EmailConfirmed,
              profile.confirmedEmail
                ? `You sign in with ${profile.confirmedEmail} until then.`
                : undefined,
            )}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={fields.Email}
            required
          />
          <TextInput
            label="Secondary email"
            type="email"
            {...setField('secondaryEmail')}
            description={addressNote(profile.secEmail, profile.secEmailConfirmed)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={fields.secEmail}
          />
        </SimpleGrid>
        <TextInput
          label="DBLP URL"
          placeholder="https://dblp.org/pid/123/4567"
          description={
            profile.dblp_name
              ? `DBLP knows you as ${profile.dblp_name}.`
              : 'Leave blank if you have none.'
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...setField('dblpUrl')}
          error={fields.dblp_url}
        />
        <AffiliationList
          affiliations={values.affiliations}
          positions={profile.positions}
          latestMonth={latestMonth}
          issues={issues}
          onChange={changeAffiliations}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isBusy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
