// Each feature adds its routes here (one line each), and its upload paths to LARGE_BODY_PREFIXES.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { adminUserRoutes } from './admin/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { PAYMENT_UPLOAD_PREFIX, paymentRoutes } from './payments/routes.ts';
import { PREMIUM_UPLOAD_PREFIX, premiumPaymentRoutes } from './premium-payments/routes.ts';
import { agencyRoutes } from './agencies/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { teamRoutes } from './team/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { communicationRoutes } from './communications/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { policyRoutes } from './policies/routes.ts';
import { usageRoutes } from './usage/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { adminGateRoutes, securityRoutes } from './security/routes.ts';
import { adminAnalyticsRoutes } from './admin-analytics/routes.ts';
import { contentRoutes, COVER_UPLOAD_PREFIX } from './content/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { exportRoutes } from './export/routes.ts';
import { IMPORT_UPLOAD_PREFIX, importRoutes } from './imports/routes.ts';
import { renewalRoutes } from './renewals/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { apiKeyRoutes } from './api/routes.ts';

/** Paths that carry uploads and set their own body limit. */
export const LARGE_BODY_PREFIXES: string[] = [PAYMENT_UPLOAD_PREFIX, PREMIUM_UPLOAD_PREFIX, COVER_UPLOAD_PREFIX, IMPORT_UPLOAD_PREFIX];

export function featureRoutes() {
  const r = new Hono<AppEnv>();
  r.route('/', adminUserRoutes());
  r.route('/', fileRoutes());
  r.route('/', paymentRoutes());
  r.route('/', premiumPaymentRoutes());
  r.route('/', messageRoutes());
  r.route('/', teamRoutes());
  r.route('/', invitationRoutes());
  r.route('/', agencyRoutes());
  r.route('/', contactRoutes());
  r.route('/', usageRoutes());
  r.route('/', policyRoutes());
  r.route('/', communicationRoutes());
  r.route('/', customerRoutes());
  r.route('/', activityRoutes());
  r.route('/', searchRoutes());
  r.route('/', auditRoutes());
  r.route('/', securityRoutes());
  r.route('/', adminGateRoutes());
  r.route('/', adminAnalyticsRoutes());
  r.route('/', contentRoutes());
  r.route('/', reportRoutes());
  r.route('/', analyticsRoutes());
  r.route('/', exportRoutes());
  r.route('/', importRoutes());
  r.route('/', renewalRoutes());
  r.route('/', notificationRoutes());
  r.route('/', settingsRoutes());
  r.route('/', apiKeyRoutes());
  return r;
}
