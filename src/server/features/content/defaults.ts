// The published text of each CMS page on a fresh install (issue 30: a public "draft under review"
// notice on the legal pages looked unfinished). It describes what the product really does — the
// cookies it sets, the trial, what deletion removes — and claims nothing about the operator that
// the software cannot know (company name, address, certifications). A super admin adapts it in
// Admin › CMS; the first save replaces it.
import type { CmsSlug } from '#shared/content.ts';

export const DEFAULT_PAGE_BODIES: Record<CmsSlug, string> = {
  about: `PolicyDesk is agency management software for independent insurance agents and agencies. It keeps customers, policies, renewals and premium payments in one place, so your team spends less time on paperwork and more time with clients.

## What PolicyDesk does

- **Policies and customers** — every policy with its details, documents and payment history; every customer with contact details, a communication log and tasks.
- **Renewals** — the policies coming up for renewal in one list, with reminders so that none lapses unnoticed.
- **Reports** — book of business, production, expiring policies and cross-sell opportunities, each downloadable as CSV.
- **Teams** — invite colleagues into your agency and decide what each of them may see and do.

## Plans

Start on the free Starter plan and move up as your book grows. The [pricing page](/pricing) lists what each plan includes.

## Contact

Questions, feedback or a demo? Write to us through the [contact page](/contact); we answer within 24 hours.`,

  privacy: `This policy explains what personal data PolicyDesk collects, why, and what rights you have. It applies to this website and to the PolicyDesk application.

## Who is responsible

We are the controller for account data (the people who sign up). For the customer and policy records an agency enters, the **agency is the controller** and we process that data on its behalf.

## What we collect

- **Account data:** name, company, e-mail address, phone number (if you give one) and password (stored only as a salted hash).
- **Security data:** sign-in times, IP address and browser of each sign-in, kept for 90 days to protect your account.
- **Billing data:** the plan you choose and the payment receipts you upload.
- **Agency data:** the customers, policies and documents you enter. We use it only to provide the service to you.

## Why we use it

To provide the service, to keep accounts secure, to verify payments, to answer your messages and to meet legal obligations. We do not sell personal data and do not use it for advertising.

## How long we keep it

Account and agency data are kept while your account is open. When the owner deletes the account in Settings, the account, the agency and its records are deleted at once. We keep billing records for as long as the law requires.

## Your rights

You can ask for a copy of your data, have it corrected or deleted, object to processing or ask us to restrict it. Contact us through the [contact page](/contact). You may also complain to your data protection authority.`,

  terms: `These terms govern your use of PolicyDesk. By creating an account you accept them for yourself and, where applicable, for your agency.

## Your account

Keep your password safe, and turn on two-factor authentication in your profile. Tell us at once if you suspect misuse. You are responsible for the activity of the users you invite to your agency.

## Plans, trials and payment

The Starter plan is free. The Professional and Business plans start with a 14-day free trial; no card is needed. Paid plans are billed monthly at the prices on the [pricing page](/pricing): you pay as described on the upgrade page, and the plan starts once we have verified your payment. When a trial ends without a verified payment, the agency moves to Starter: nothing is deleted, but you cannot add records beyond Starter's limits until you upgrade.

## Your data

The data you enter stays yours. You grant us only the rights needed to store and process it and to show it to you and your team. The owner of an agency can delete the account and all of the agency's data at any time in Settings; on the Professional plan and above you can export it first.

## Acceptable use

Do not use PolicyDesk to break the law, to store data you are not allowed to hold, to try to reach another agency's data, or to disrupt the service.

## Availability and liability

We work to keep PolicyDesk available and your data safe, but the service is provided "as is". To the extent the law allows, our liability is limited to the fees you paid in the twelve months before the claim.

## Changes

We may update these terms. We will tell you about significant changes by e-mail or in the application before they take effect.`,

  cookies: `PolicyDesk uses a few cookies, all of them needed to sign you in and keep you signed in. On a secure (HTTPS) site their names start with \`__Secure-\`.

## Cookies we use

| Cookie | Purpose | Lifetime |
| --- | --- | --- |
| \`policydesk.session_token\` | Keeps you signed in. Scripts cannot read it. | Until you sign out: with "Remember me", up to the session lifetime (30 days unless the operator changed it); without it, until you close the browser |
| \`policydesk.signed_in\` | Tells the pages that a session exists, so they only ask for your account when you are signed in. It holds no identifier and grants no access. | The same as the session cookie |
| \`policydesk.dont_remember\` | Remembers that you signed in without "Remember me" | Until you close the browser |
| \`policydesk.two_factor\` | Holds a sign-in that is waiting for your two-factor code | 10 minutes |
| \`policydesk.trust_device\` | Skips the two-factor code on a device you chose to trust | 30 days |
| \`policydesk.oauth_state\` | Protects a sign-in with Google or Microsoft against forgery | 10 minutes |

These cookies are **strictly necessary**: the application does not work without them, so they do not need your consent.

## What we do not use

No advertising cookies, no cross-site tracking and no third-party analytics cookies.

## Managing cookies

You can delete cookies in your browser's settings at any time. If you block them you will not be able to sign in.`,

  gdpr: `PolicyDesk is built for agencies that hold personal data of their clients and must comply with the EU General Data Protection Regulation (GDPR).

## Our role

For the customer and policy data an agency stores in PolicyDesk, the agency is the **controller** and we are the **processor**. We process that data only on the agency's instructions and to provide the service.

## How PolicyDesk helps you comply

- **Access control:** roles and permissions decide who in your agency sees and changes what.
- **Separation:** every agency's records are kept apart from every other agency's; no one outside your agency can open them.
- **Accountability:** an activity log records who changed which record and when.
- **Export and erasure:** you can export your data (Professional plan and above), delete a customer and their policies, or delete your whole account.
- **Security:** passwords are stored as salted hashes, two-factor authentication is available to every user, and repeated failed sign-ins lock the account for a while.

## Data processing agreement

A data processing agreement (DPA) is available on request through the [contact page](/contact).

## Requests from your clients

If one of your clients asks to see or erase their data, you can find, export or delete their record in PolicyDesk. If such a request reaches us directly, we pass it on to the agency concerned.`,
};
