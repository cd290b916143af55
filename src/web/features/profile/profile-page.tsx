import { Link } from 'react-router';
import { format } from 'date-fns';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { PlanBadge, RoleBadge } from '#web/components/plan-badge.tsx';
import { TIER_LABEL, TOP_PLAN_TEXT, isOnTopPlan, isTier, trialDaysLeft } from '#shared/tiers.ts';
import { useSession } from '#web/lib/session.ts';
import { ProfileForm } from './profile-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

const STATUS_LABEL: Record<string, string> = { active: 'Active', trialing: 'Trial', expired: 'Expired' };

export function ProfilePage() {
  const { data: session } = useSession();
  if (!session) return null;
  const p = session.profile;
  const initials = `${p.first_name[0] ?? ''}${p.last_name[0] ?? ''}`.toUpperCase() || '?';
  const planTier = p.subscription_tier;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center">
          <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800" aria-hidden>
            {initials}
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-semibold text-slate-900">
              {p.first_name} {p.last_name}
            </h1>
            <p className="truncate text-slate-600">{p.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <PlanBadge tier={planTier} />
              <RoleBadge role={p.role} />
            </div>
          </div>
        </CardContent>
      </Card>

      <Tabs defaultValue="profile">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="profile">Profile Information</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Profile Information</CardTitle>
              <CardDescription>Update your name, phone and company.</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm profile={p} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="security" className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>Other signed-in devices are signed out when you change it.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <TwoFactorCard session={session} />
        </TabsContent>
        <TabsContent value="subscription">
          <Card>
            <CardHeader>
              <CardTitle>Subscription</CardTitle>
              <CardDescription>Your plan and account history.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-slate-500">Plan</dt>
                  <dd className="mt-1 font-medium">{isTier(planTier) ? TIER_LABEL[planTier] : planTier}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-500">Status</dt>
                  <dd className="mt-1">
                    <Badge tone={p.subscription_status === 'active' ? 'green' : p.subscription_status === 'trialing' ? 'blue' : 'orange'}>
                      {STATUS_LABEL[p.subscription_status] ?? p.subscription_status}
                    </Badge>
                    {p.subscription_status === 'trialing' ? (
                      <span className="ml-2 text-sm text-slate-600">
                        {trialDaysLeft(p.trial_ends_at) > 0 ? `${trialDaysLeft(p.trial_ends_at)} days left in your trial` : 'Trial ended'}
                      </span>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-500">Member since</dt>
                  <dd className="mt-1 font-medium">{format(new Date(p.created_at), 'MMM dd, yyyy')}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-500">Last login</dt>
                  <dd className="mt-1 font-medium">{p.last_login_at ? format(new Date(p.last_login_at), 'MMM dd, yyyy HH:mm') : 'Never'}</dd>
                </div>
              </dl>
              <div className="mt-6 flex flex-wrap gap-2">
                {isOnTopPlan(session.agency?.tier, p.subscription_status) ? (
                  <p className="w-full text-sm text-slate-600">{TOP_PLAN_TEXT.short}</p>
                ) : (
                  <Button asChild>
                    <Link to="/dashboard/subscription/upgrade">Upgrade Plan</Link>
                  </Button>
                )}
                <Button asChild variant="outline">
                  <Link to="/dashboard/subscription/history">Billing History</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
