// Each e2e run has its own ports and folders, so several runs can share a machine.
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ARTIFACTS = path.resolve('e2e/.artifacts');
export const MAIL_DIR = path.join(ARTIFACTS, `mail-${E2E_PORT}`);
export const SCREENS_DIR = path.join(ARTIFACTS, 'screens');
export const ADMIN_EMAIL = 'admin@policydesk.test';
export const ADMIN_PASSWORD = 'AdminPass123!';
export const SUPPORT_EMAIL = 'support@policydesk.test';
