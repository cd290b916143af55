// Marketing copy shared by the header, footer and public pages.
import { BarChart3, FileText, LayoutGrid, UsersRound, type LucideIcon } from 'lucide-react';

export interface FeaturePageLink {
  name: string;
  href: string;
  description: string;
  icon: LucideIcon;
}

/** The Features dropdown, in the spec's order, plus the overview page. */
export const FEATURE_LINKS: FeaturePageLink[] = [
  {
    name: 'Policy Management',
    href: '/features/policy-management',
    description: 'Car and fire policies, renewals and premiums in one register.',
    icon: FileText,
  },
  {
    name: 'Client Portal',
    href: '/features/client-portal',
    description: 'Customer profiles, contact history and communications.',
    icon: UsersRound,
  },
  {
    name: 'Analytics',
    href: '/features/analytics',
    description: 'Usage, renewals and performance of your book at a glance.',
    icon: BarChart3,
  },
];

export const ALL_FEATURES_LINK: FeaturePageLink = {
  name: 'All Features',
  href: '/features',
  description: 'Everything PolicyDesk does, plan by plan.',
  icon: LayoutGrid,
};

export const SITE = {
  name: 'PolicyDesk',
  tagline:
    'Professional insurance management made simple. Streamline your insurance operations with our comprehensive platform designed for modern insurance professionals.',
  supportEmail: 'support@policydesk.com',
  salesEmail: 'sales@policydesk.com',
  supportPhone: '+1 (555) 010-2400',
  supportPhoneHref: 'tel:+15550102400',
  address: '350 Fifth Avenue, Suite 2100, New York, NY 10118',
  hours: 'Mon-Fri 9:00-18:00 EST',
} as const;
