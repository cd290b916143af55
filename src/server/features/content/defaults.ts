// The starting text of each CMS page: a short, plausible draft for the operator to review before
// publishing. Until a version is published the public pages show it with a draft notice.
import type { CmsSlug } from '#shared/content.ts';

export const DEFAULT_PAGE_BODIES: Record<CmsSlug, string> = {
  about: `PolicyDesk is software for independent insurance agents and agencies. We help you keep customers, policies, renewals and premium payments in one place, so you spend less time on paperwork and more time with your clients.

## What we do

- **Policy management** — every policy with its details, documents and payment history.
- **Customer records** — contact details and a communication log for each client.
- **Team work** — invite colleagues into your agency and decide what they can do.

## Who we are

We are a small team of engineers and former agency staff. We built PolicyDesk because the tools we used were either spreadsheets or enterprise systems far too large for a ten-person agency.

## Contact

Questions, feedback or partnership ideas? Write to us through the [contact page](/contact).`,

  privacy: `This policy explains what personal data PolicyDesk collects, why, and what rights you have. It applies to our website and to the PolicyDesk application.

## Who is responsible

PolicyDesk is the controller for account data (the people who sign up). For the customer and policy records an agency enters, the **agency is the controller** and PolicyDesk processes that data on its behalf.

## What we collect

- **Account data:** name, company, e-mail address, phone number and password (stored only as a hash).
- **Usage data:** sign-in times, IP address and browser, used for security and to prevent abuse.
- **Billing data:** the plan you choose and the payment receipts you upload.
- **Agency data:** customers, policies and documents you enter. We do not use it for our own purposes.

## Why we use it

To provide the service, to keep accounts secure, to verify payments, to answer your messages and to meet legal obligations. We do not sell personal data and do not use it for advertising.

## How long we keep it

Account data is kept while your account is open and deleted within 30 days after it is closed, except where the law requires us to keep billing records longer.

## Your rights

You can ask for a copy of your data, have it corrected or deleted, object to processing or ask us to restrict it. Contact us through the [contact page](/contact). You may also complain to your data protection authority.`,

  terms: `These terms govern your use of PolicyDesk. By creating an account you agree to them on behalf of yourself and, where applicable, your agency.

## Your account

Keep your password safe and tell us at once if you suspect misuse. You are responsible for the activity of the users you invite to your agency.

## Plans and payment

The Starter plan is free. Paid plans are billed monthly at the prices shown on the [pricing page](/pricing). A paid plan starts once we have verified your payment. You can move to another plan at any time.

## Your data

The data you enter stays yours. You grant us only the rights needed to store, process and display it to you and your team. You can export it and close your account at any time.

## Acceptable use

Do not use PolicyDesk to break the law, to store data you are not allowed to hold, or to try to access other agencies' data or disrupt the service.

## Availability and liability

We work hard to keep PolicyDesk available and your data safe, but the service is provided "as is". To the extent the law allows, our liability is limited to the fees you paid in the last twelve months.

## Changes

We may update these terms. We will tell you about significant changes by e-mail or in the application before they take effect.`,

  cookies: `PolicyDesk uses a small number of cookies. This page explains which ones and why.

## Cookies we use

| Cookie | Purpose | Lifetime |
| --- | --- | --- |
| Session cookie | Keeps you signed in | Until you sign out, or up to 7 days |
| Two-factor cookie | Remembers a pending two-factor sign-in | A few minutes |

These cookies are **strictly necessary**: the application does not work without them, so they do not need your consent.

## What we do not use

We do not use advertising cookies, cross-site tracking or third-party analytics cookies.

## Managing cookies

You can delete cookies in your browser settings at any time. If you block the session cookie you will not be able to sign in.`,

  gdpr: `PolicyDesk is built for agencies that handle personal data of their clients and must comply with the EU General Data Protection Regulation (GDPR).

## Our role

For the customer and policy data an agency stores in PolicyDesk, the agency is the **controller** and PolicyDesk is the **processor**. We process that data only on the agency's instructions and to provide the service.

## How we help you comply

- **Access control:** roles and permissions decide who in your agency sees what.
- **Data isolation:** each agency's records are kept separate from every other agency's.
- **Export and deletion:** you can export your data and delete customers or your whole account.
- **Security:** encrypted connections, hashed passwords and optional two-factor authentication.

## Data processing agreement

A data processing agreement (DPA) is available on request through the [contact page](/contact).

## Data subject requests

If one of your clients asks to see or erase their data, you can find, export or delete their record in PolicyDesk. If a request reaches us directly we will pass it on to the agency concerned.`,
};
