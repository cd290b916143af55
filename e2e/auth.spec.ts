import { createAccount, expect, shot, test, uniqueEmail } from './support/fixtures.ts';
import { firstLink, readMail } from './support/mail.ts';

test('register → confirm → sign in → profile → password → sign out → forgot → reset → sign in', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const email = uniqueEmail('journey');
  await page.goto('/register?plan=professional');
  await expect(page.getByText('14-day free trial')).toBeVisible();
  await shot(page, 'register');
  await page.getByLabel('Company').fill('Journey Insurance');
  await page.getByLabel('Full name').fill('Jamie Lee Carter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await shot(page, 'confirm-email');

  // signing in before confirming is refused with the spec's texts
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email not confirmed. Please check your inbox.')).toBeVisible();
  await expect(page.getByText('Confirmation Required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeVisible();

  const confirmation = await readMail(email, /Confirm/);
  expect(confirmation.html).toContain('PolicyDesk');
  await page.goto(firstLink(confirmation));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText('Your e-mail is confirmed. You can sign in now.')).toBeVisible();
  await shot(page, 'login');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // profile: edit
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Jamie Lee Carter' })).toBeVisible();
  await expect(page.getByText('Professional', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await shot(page, 'profile');
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jordan Lee Carter' })).toBeVisible();
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();

  // security: spec toasts, then a real change
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('This feature is available for Enterprise plan users.')).toBeVisible();
  await page.getByLabel('Current password').fill('password123');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('newsecret1');
  await page.getByLabel('Confirm new password').fill('newsecret2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Please make sure your new passwords match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('newsecret1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await shot(page, 'profile-security');

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByText('days left in your trial')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/dashboard/subscription/upgrade');
  await shot(page, 'profile-subscription');

  // sign out
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // forgot → reset
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await shot(page, 'forgot-sent');
  const reset = await readMail(email, /Reset/);
  await page.goto(firstLink(reset));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const submit = page.getByRole('button', { name: 'Update Password' });
  await page.getByLabel('New password', { exact: true }).fill('resetpass1');
  await page.getByLabel('Confirm new password').fill('resetpass2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm new password').fill('resetpass1');
  await shot(page, 'reset-password');
  await submit.click();
  await expect(page).toHaveURL(/\/login\?reset=1/);

  // the used link no longer works
  await page.goto(firstLink(reset));
  await expect(page.getByRole('heading', { name: 'Link expired or invalid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('resetpass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('login form: validation texts, wrong password, show/hide, redirect back', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email is required.')).toBeHidden();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials. Please try again.' })).toBeVisible();

  // no Google or Microsoft button without their credentials: e2e/new-user.spec.ts

  // a protected page sends the user to login and back again
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('registration form shows every validation text', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill('bad');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const text of [
    'Please enter your company name.',
    'Please enter your full name.',
    'Please enter a valid email address.',
    'Password must be at least 8 characters long.',
    'Passwords do not match.',
    'You must accept the terms and conditions.',
  ])
    await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.getByText('Registration Error')).toBeVisible();
  // the data typed stays in the form
  await expect(page.getByLabel('Email')).toHaveValue('bad');
  await shot(page, 'register-errors');
});
