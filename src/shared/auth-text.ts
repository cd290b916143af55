// The account screens' texts (platform.md §5, §8), apart from the schemas so that pages which only
// show a text (header, menus) don't load the validation library.
export const PASSWORD_MAX = 128;

/** The one e-mail format message, used by every form. */
export const INVALID_EMAIL = 'Please enter a valid email address.';

export const AUTH_TEXT = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidEmail: INVALID_EMAIL,
  companyRequired: 'Please enter your company name.',
  fullNameRequired: 'Please enter your full name.',
  passwordTooShortRegister: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  termsRequired: 'You must accept the terms and conditions.',
  invitationMissing: 'The invitation link is missing. Please open the link from your invitation e-mail again.',
  invitationEmailMismatch: (email: string) => `This invitation was sent to ${email}. Create the account with that e-mail address.`,
  resetMismatch: 'Passwords do not match',
  resetTooShort: 'Password must be at least 6 characters long.',
  changeMismatchTitle: "Passwords don't match",
  changeMismatch: 'Please make sure your new passwords match.',
  changeTooShortTitle: 'Password too short',
  changeTooShort: 'Password must be at least 6 characters long.',
  currentPasswordRequired: 'Please enter your current password.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long.`,
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailCannotChange: 'Email cannot be changed',
  // toasts and inline errors
  loginErrorTitle: 'Login Error',
  correctFields: 'Please correct the highlighted fields.',
  loginFailedTitle: 'Login Failed',
  invalidCredentials: 'Invalid credentials. Please try again.',
  emailNotConfirmedInline: 'Email not confirmed. Please check your inbox.',
  confirmationRequiredTitle: 'Confirmation Required',
  confirmationRequired: 'Please check your email and click the confirmation link to activate your account.',
  registrationErrorTitle: 'Registration Error',
  registrationFailedTitle: 'Registration Failed',
  registrationSuccess: 'Please check your email to verify your account.',
  signOutFailedTitle: 'Sign out Failed',
  somethingWentWrong: 'Something went wrong',
  socialNotSetUpTitle: 'Feature Not Implemented',
  socialNotSetUp: (provider: string) => `Social login with ${provider} isn't set up yet.`,
  twoFactorEnterpriseOnly: 'This feature is available for Enterprise plan users.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;
