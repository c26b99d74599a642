// Every message a user can see, word for word as SPEC.md writes them (sections 5 and 8).
// Server validation and the browser forms both read from here, so the two never drift.
export const messages = {
  // Section 5: password
  passwordRules:
    'Password must be 8 to 50 characters long and contain at least one lowercase letter, one uppercase letter, one digit and one special character. It must not be the same as your email.',
  passwordRequired: 'Please enter password',
  passwordInvalid:
    'Password must be 8 to 50 characters long and contain at least one lowercase letter, one uppercase letter, one digit and one special character.',
  passwordEqualsEmail: 'Password must not be the same as your email.',
  passwordsShouldMatch: 'Password and confirm password should match.',
  passwordsDoNotMatch: 'Password and confirm password do not match',

  // Section 5: sign in and sign up
  checkBelowFields: 'Please check below fields:',
  emailRequired: 'Please enter email',
  emailInvalid: 'Please enter valid email address',
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  dblpUrlInvalid: 'Please enter a valid DBLP URL, for example https://dblp.org/pid/123/4567',
  termsRequired: 'Please tick the terms checkbox',

  // Section 5: contact us
  subjectRequired: 'Please enter the subject',
  messageRequired: 'Please enter the message',

  // Section 8: sign in
  signInFailed: 'Error while sign in process.',
  loginFailed: 'The email or password is incorrect.',
  accountLocked:
    'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.',
  accountNotConfirmed:
    'Please confirm your email address first: open the link in the mail we sent when you signed up, or reset your password.',

  // Section 8: passwords
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

  // Section 8: registration
  registrationCreated:
    'Your account has been created. Please check your mail to confirm your email address.',
  registrationCreatedInvited: 'Your account has been created. You can now sign in.',
  emailTaken: 'An account with this email already exists. Please sign in or reset your password.',
  dblpTaken: 'This DBLP profile already belongs to another account.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  emailConfirmed: 'Your email address is confirmed. Please sign in.',
  emailRestored:
    'Your previous email address is the primary one again, and every session was signed out. Please sign in.',

  // Section 5: profile
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

  // Section 8: profile
  accountLinked: 'Account has been linked.',
  linkingAccount: 'Please wait while we link your account...',
  linkError: 'Error:',

  // Section 5: relation create and modify
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

  // Relations: what SPEC leaves to the server (docs/decisions.md, Relations)
  relationTypeNotOnThisForm: 'This relation type cannot be saved with this form.',
  relationTypeCannotChange:
    'The relation type cannot be changed. Please delete this relation and add a new one.',
  relationWithYourself: 'You cannot add a relation with yourself.',
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
  relationClosed:
    'This relation is closed because the other user’s account was deleted. You can still delete it.',
  searchTooShort: 'Please type at least 2 letters.',
  paperTypeInvalid: 'Please select the paper type.',

  // Section 8: relation saves and actions
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
  rejectedByYou: 'This relation request was rejected by you.',
  loadingRelationForm: 'Loading form...Please wait..',
  fetchingRelation: 'Fetching data. Please wait..',
  loadingRelations: 'Please wait while we get your active relations...',
  loadingRules: 'Please wait while we get rules...',
  missingPublications: 'Missing publications? Consult the FAQ.',
  deletedUser: '(Deleted user)',

  // Section 8: generic
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
  textInvalidCharacters:
    'This text contains a character that cannot be stored (a NUL byte or a broken character). Please retype it.',
  completeProfile: 'Please complete your profile to access all features.',
  noNotifications: 'No new notifications.',
  notificationsHeader: 'You have received new requests. Please review and respond to them.',
  notificationsHeaderNewUser:
    'You have received new requests. Please complete your profile to respond to them.',
} as const;

export type MessageKey = keyof typeof messages;

/** SPEC section 5: a mandatory date left empty on a new relation ('Please select the Start date'). */
export const relationDateRequired = (label: string) => `Please select the ${label}`;

/** SPEC section 5: a mandatory date cleared while modifying a relation. */
export const relationDateCleared = (label: string) => `${label} is a required field.`;

/** A year before 1900, a month outside 1 to 12, or a month missing where the type asks for one. */
export const relationDateInvalid = (label: string) =>
  `Please check the ${label}: a year from 1900 on, and a month where the form asks for one.`;

/** A date past the form's cap (SPEC section 5: about 365 days ahead for type 3, 7300 otherwise). */
export const relationDateTooLate = (label: string, latest: string) =>
  `The ${label} cannot be later than ${latest}.`;

/** SPEC section 2: the relation count of the list pages. */
export const relationCount = (count: number) => `You have ${count} relation(s) with other users`;
