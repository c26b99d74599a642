// Every message a user can see, word for word as the contract words them (docs/product.md names
// them by key; "Messages after an action" lists the answers). Server validation and the browser
// forms both read from here, so the two never drift.
export const messages = {
  // Form rules: password
  passwordRules:
    'Password must be 8 to 50 characters long and contain at least one lowercase letter, one uppercase letter, one digit and one special character. It must not be the same as your email.',
  passwordRequired: 'Please enter password',
  passwordInvalid:
    'Password must be 8 to 50 characters long and contain at least one lowercase letter, one uppercase letter, one digit and one special character.',
  passwordEqualsEmail: 'Password must not be the same as your email.',
  passwordsShouldMatch: 'Password and confirm password should match.',
  passwordsDoNotMatch: 'Password and confirm password do not match',

  // Form rules: sign in and sign up
  checkBelowFields: 'Please check below fields:',
  emailRequired: 'Please enter email',
  emailInvalid: 'Please enter valid email address',
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  dblpUrlInvalid: 'Please enter a valid DBLP URL, for example https://dblp.org/pid/123/4567',
  termsRequired: 'Please tick the terms checkbox',

  // Form rules: contact us
  subjectRequired: 'Please enter the subject',
  messageRequired: 'Please enter the message',

  // Answers: sign in
  signInFailed: 'Error while sign in process.',
  loginFailed: 'The email or password is incorrect.',
  accountLocked:
    'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.',
  accountNotConfirmed:
    'Please confirm your email address first: open the link in the mail we sent when you signed up, or reset your password.',

  // Answers: passwords
  emailCouldNotBeSent: 'Email could not be sent.',
  passwordRequestSent:
    'If an account exists for this email, we have sent a link to set a new password. Please check your mail.',
  checkTheUrl: 'Please check the URL.',
  resetLinkInvalid: 'This link is invalid or has expired. Please request a new one.',
  passwordCouldNotBeUpdated: 'Password could not be updated.',
  passwordCouldNotBeSet: 'Password could not be set.',
  passwordSetSuccess:
    'Password updated successfully. Click on the signin link above to login to the product.',
  passwordUpdated: 'Password updated successfully.',

  // Answers: registration
  registrationCreated:
    'Your account has been created. Please check your mail to confirm your email address.',
  registrationCreatedInvited: 'Your account has been created. You can now sign in.',
  emailTaken: 'An account with this email already exists. Please sign in or reset your password.',
  dblpTaken: 'This DBLP profile already belongs to another account.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  emailConfirmed: 'Your email address is confirmed. Please sign in.',
  // 'Send the confirmation again' (docs/product.md, Registration): the same for every address.
  confirmationResent:
    'If an account with this email is waiting for its confirmation, we have sent it a new link. Please check your mail.',
  emailRestored:
    'Your previous email address is the primary one again, and every session was signed out. Please sign in.',

  // Form rules: profile
  emailAddressConfirmed: 'Confirmed.',
  emailAwaitingConfirmation:
    'Not confirmed yet: open the link we mailed to this address. Until then it does not count.',
  atLeastOneAffiliation: 'At least one institutional affiliation is required.',
  affiliationFieldsRequired:
    'Please ensure all required fields of the Institution affiliations is filled up.',
  maxAffiliations: 'Max 50 affiliation can be added.',
  endBeforeStart: 'Please check the dates. End date should be greater than start date.',
  affiliationDateInvalid: 'Please enter dates as month and year (MM/yyyy).',
  affiliationDateInFuture:
    'Dates cannot be later than the current month. For a position you still hold, tick Current.',
  affiliationsMalformed:
    'The institution affiliations could not be read. Please reload the page and try again.',
  institutionUnknown:
    'The selected institution is not on the list. Please select it again or type its name.',
  positionUnknown: 'Please select a position from the list.',
  secondaryEmailInvalid: 'Please enter valid secondary email address',
  secondaryEmailSameAsPrimary: 'The secondary email must be different from the primary email.',
  emailInUse: 'This email address is already used by another account.',
  dblpAlreadyLinked: 'This DBLP profile is already linked to your account.',
  institutionSentForApproval: 'sent for approval',

  // Answers: profile. Linking opens a claim that must be confirmed (docs/dblp.md, "Claims"),
  // so it no longer says 'Account has been linked.'
  dblpClaimSent:
    'Your claim to this DBLP profile awaits confirmation. Its publications join your account once the claim is confirmed.',
  linkingAccount: 'Please wait while we link your account...',
  linkError: 'Error:',

  // Form rules: relation create and modify
  relationTypeRequired: 'Please select the relation type.',
  personRequired: 'Please select the person name.',
  personNotInSystem:
    "You tried to link a person not in our system. Please type only the email address of the person you are trying to add in the Person name dropdown and click on 'Create email'.",
  publicationTitleRequired: 'Please enter the publication title.',
  awardNameRequired: 'Please enter the award name.',
  institutionRequired: 'Please select the institution.',
  coawardeesRequired: 'Please select Co-awardees.',
  coauthorsRequired: 'Please select co-author.',
  changeCommentRequired:
    'Please leave a comment noting what changes are made. You can also leave a comment as a response to other users.',
  commentRequired: 'Please enter the comment.',
  coauthorNotSelected: 'Please select co-author',
  coauthorEmailRequired: 'Please enter email of co author',
  rejectReasonRequired: 'Please enter reason for rejection.',
  commentsRequired: 'Please enter your comments below.',
  atMost1000Characters: 'At most 1000 characters.',

  // Relations: what the contract leaves to the server (docs/decisions/relations.md)
  relationTypeNotOnThisForm: 'This relation type cannot be saved with this form.',
  relationTypeCannotChange:
    'The relation type cannot be changed. Please delete this relation and add a new one.',
  relationWithYourself: 'You cannot add a relation with yourself.',
  ownEmailTyped: 'This is your own email address. Please name the other person.',
  coauthorIsYourself:
    'You are already on this relation as its creator. Please list only the others.',
  coauthorListedTwice: 'The same person is listed twice. Please remove one of them.',
  personUnknown: 'The selected person is not on the list. Please select them again.',
  personDeleted: 'This person’s account was deleted, so they cannot be added to a relation.',
  tooManyCoauthors: 'At most 500 people can be listed on one relation.',
  coauthorsMalformed: 'The co-author list could not be read. Please reload the page and try again.',
  publicationUnknown:
    'The selected publication is not on the list. Please select it again or type its title.',
  onlyCreatorModifies: 'Only the creator of a relation can modify it.',
  creatorCannotRespond: 'You created this relation, so you cannot accept or reject it.',
  onlyNamedPeopleRespond: 'Only the people named on a relation can accept or reject it.',
  importedReadOnly:
    'This relation was imported from DBLP and cannot be changed by users. Please contact the admin.',
  creatorCommentsWithSave:
    'You created this relation: change it on its form and leave your comment there when you save.',
  administratorsAreTheAdmin:
    'You are an administrator: to write to the people on this relation, request a change.',
  relationClosed:
    'This relation is closed because the other user’s account was deleted. You can still delete it.',
  searchTooShort: 'Please type at least 2 letters.',
  paperTypeInvalid: 'Please select the paper type.',

  // Answers: relation saves and actions
  relationSaved: 'Relation saved successfully.',
  relationUpdated: 'Relation updated successfully.',
  relationExists: 'This relation already exists.',
  commentsSent: 'Your comments are sent. You will receive notification when someone replies.',
  relationDeleted: 'Relation deleted.',
  allPartiesNotified: 'All listed users have been notified.',
  institutionNotApproved:
    'The institution is not in the approved list yet. The relation stays pending until an administrator approves it.',
  importedContactAdmin:
    'This relation was imported from DBLP. To change it, please contact the admin.',
  creatorMayEdit: 'You created this relation: you can edit it and leave comments.',
  namedUserComment:
    'The fields are read-only for you. If something is wrong, please leave a comment for the creator.',
  youAccepted: 'You have accepted this relation.',
  youRejected: 'You have rejected this relation.',
  awaitingOtherUser:
    'Your relation request has been sent. Awaiting the other user to respond to this relation.',
  rejectedByOtherUser: 'Your relation request has been rejected by the other user.',
  loadingRelationForm: 'Loading form...Please wait..',
  fetchingRelation: 'Fetching data. Please wait..',
  loadingRelations: 'Please wait while we get your active relations...',
  loadingRules: 'Please wait while we get rules...',
  missingPublications: 'Missing publications? Consult the FAQ.',
  deletedUser: '(Deleted user)',
  // A personal relation (type 5) as chairs and exported files see it (docs/conflicts.md).
  personalRelationWithheld: 'Personal relation (details withheld)',
  personalRelationPrivacy:
    'Only you, the other person and the administrators see this relation and its comment. Chairs and the files you export see only that you have a conflict with this person: "Personal relation (details withheld)".',
  // A relation that does not exist, was deleted, or names someone else (docs/product.md).
  relationNotFound: 'This relation does not exist, has been deleted, or is not shared with you.',

  // Answers: generic
  couldNotFetch: 'Could not fetch the data from that resource.',
  recordNotSaved: 'Record could not be saved at the moment. Please try again.',
  recordUpdated: 'Record updated successfully.',
  sessionBanner:
    'Something is not right with current session. Please refresh page and try again. If you still experience issues logout and login again.',
  contactFailed: 'Sorry! Your message could not be sent. Please try after some time.',
  contactThanks: 'Thank you for your message. We will get back to you soon.',
  somethingWentWrong: 'Something went wrong! Please try again later.',
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Something has gone seriously wrong',
  // Refusals of the HTTP layer (docs/security.md).
  mailboxLoopbackOnly:
    'The development mailbox can only be opened on the machine the server runs on (a loopback address).',
  bodyTooLarge: 'The request is too large: a request body may be at most 1 MiB.',
  addressInvalid: 'The address is not valid: part of it is not correctly percent-encoded.',
  addressTooLong: 'The address is too long: a part of it may be at most 100 characters.',
  textInvalidCharacters:
    'This text contains a character that cannot be stored (a NUL byte or a broken character). Please retype it.',
  completeProfile: 'Please complete your profile to access all features.',
  noNotifications: 'No new notifications.',
  notificationsHeader: 'You have received new requests. Please review and respond to them.',
  // Answering works with an incomplete profile (docs/product.md, Dashboard).
  notificationsHeaderNewUser:
    'You have received new requests. Please review and respond to them, and complete your profile when you can.',
} as const;

export type MessageKey = keyof typeof messages;

/** A DBLP claim awaiting a decision, and its proof by ORCID sign-in (docs/dblp.md, "Claims"). */
export const dblpClaimMessages = {
  awaitingAdministrator: (url: string) =>
    `Your claim to ${url} awaits confirmation by an administrator.`,
  disputed: (url: string) =>
    `Your claim to ${url} is disputed: an administrator will decide whose it is.`,
  orcidOffer:
    'If that DBLP page lists your ORCID iD, you can confirm the claim yourself by signing in with ORCID.',
  confirmWithOrcid: 'Confirm with ORCID',
  orcidNotConfigured: 'ORCID sign-in is not configured on this server.',
  noOpenClaim: 'You have no DBLP claim awaiting confirmation.',
  disputedNeedsAdministrator:
    'This claim is disputed, and only an administrator decides disputed claims: ORCID sign-in cannot confirm it.',
  orcidLinkInvalid:
    'This ORCID sign-in has expired or was already used. Please start again from your profile.',
  orcidRefused: 'ORCID did not accept the sign-in. Please start again from your profile.',
  orcidCancelled: 'The ORCID sign-in was cancelled, so your claim was not confirmed.',
  orcidReturnIncomplete: 'ORCID sent back no sign-in. Please start again from your profile.',
  orcidUnreachable: 'ORCID could not be reached. Please try again later.',
  dblpUnreachable: 'Your DBLP page could not be read just now. Please try again in a few minutes.',
  dblpPersonGone:
    'DBLP has no person at the URL you claimed, so ORCID sign-in cannot confirm the claim.',
  orcidNotListed:
    "The ORCID iD you signed in with is not listed on this DBLP person's page. Your claim stays open for an administrator to decide.",
  noOrcidListed:
    "This DBLP person's page lists no ORCID iD, so ORCID sign-in cannot confirm the claim. It stays open for an administrator to decide.",
  checkingOrcid: 'Checking your ORCID sign-in against your DBLP page...',
  orcidConfirmed: (url: string) =>
    `Your claim to ${url} is confirmed: the ORCID iD you signed in with is listed on that DBLP page.`,
} as const;

/** A mandatory date left empty on a new relation ('Please select the Start date'). */
export const relationDateRequired = (label: string) => `Please select the ${label}`;

/** A mandatory date cleared while modifying a relation. */
export const relationDateCleared = (label: string) => `${label} is a required field.`;

/** A year before 1900, a month outside 1 to 12, or a month missing where the type asks for one. */
export const relationDateInvalid = (label: string) =>
  `Please check the ${label}: a year from 1900 on, and a month where the form asks for one.`;

/**
 * A date past the form's cap (365 days ahead for type 3, 7300 otherwise: docs/product.md, "Relation
 * types").
 */
export const relationDateTooLate = (label: string, latest: string) =>
  `The ${label} cannot be later than ${latest}.`;

/** The relation count of the list pages (docs/product.md, "The screens"). */
export const relationCount = (count: number) => `You have ${count} relation(s) with other users`;

/** The count of the pending page, which lists only the relations still waiting for someone. */
export const pendingRelationCount = (count: number) =>
  `You have ${count} pending relation(s) with other users`;
