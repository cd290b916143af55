// Customers' texts, list query and row types, apart from the form and API schema (customers.ts) so
// that the customers list doesn't load the validation library (issue 33).
import type { ListQueryDefinition, ListQueryOf } from './lists-text.ts';
import { PAGE_SIZE } from './policies-text.ts';

export const CUSTOMER_TYPES = ['individual', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_LABEL: Record<CustomerType, string> = { individual: 'Individual', business: 'Business' };

export const DOB_MIN_YEAR = 1920;

export const CUSTOMER_TEXT = {
  nameRequired: 'Full Name is required.',
  emailRequired: 'Email is required.',
  searchPlaceholder: 'Search by name or email',
  empty: 'No customers found.',
  validationTitle: 'Validation Error',
  correctFields: 'Please correct the highlighted fields.',
  limitTitle: 'Customer limit reached',
  limitMessage: 'Please upgrade your plan to add more customers.',
  limitButton: 'Customer Limit Reached',
  limitText: "You've reached the maximum number of customers for your current plan. Please upgrade to add more.",
  duplicateTitle: 'Duplicate Customer',
  duplicate: 'A customer with this email already exists.',
  created: 'Customer created successfully.',
  updated: 'Customer updated successfully.',
  deleted: 'Customer deleted successfully.',
  deleteTitle: 'Are you sure?',
  deleteText:
    "This will permanently delete the customer and all of their communications. Their policies will NOT be deleted; they stay in your book without a linked customer.",
  loadError: (message: string) => `Error loading customer: ${message}`,
  notFound: 'Customer not found.',
  noNotes: 'No notes for this customer.',
  exportUpgradeTitle: 'Upgrade Required',
  exportUpgrade: 'Exporting customers is available on the Professional plan and above.',
  used: (count: number, limit: number | null) => (limit === null ? 'Unlimited customers' : `${count} / ${limit} customers used`),
  dobRange: (max: number) => `Date of birth must be between ${DOB_MIN_YEAR} and ${max}.`,
} as const;

export const CUSTOMER_SORT_COLUMNS = ['created_at', 'name'] as const;

/** The customers list's URL query; customerListQuerySchema (customers.ts) reads the same on the server. */
export const CUSTOMER_LIST_QUERY = {
  sortColumns: CUSTOMER_SORT_COLUMNS,
  defaultSort: 'created_at.desc',
  pageSize: PAGE_SIZE,
  filters: { type: { oneOf: ['all', ...CUSTOMER_TYPES] } },
} as const satisfies ListQueryDefinition;
export type CustomerListQuery = ListQueryOf<typeof CUSTOMER_LIST_QUERY>;

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  date_of_birth: string | null;
  customer_type: CustomerType;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface Communication {
  id: string;
  customer_id: string;
  type: string;
  subject: string | null;
  content: string;
  communication_date: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  /** a correction: the id of the entry it corrects */
  corrects_id: string | null;
  updated_at: string;
}

export interface CustomerDetail extends Customer {
  policies: { id: string; policy_number: string; policy_type: string; status: string; end_date: string }[];
  communications: Communication[];
}

/** Street, city and postal code joined for the contact card. */
export function joinedAddress(c: Pick<Customer, 'address' | 'city' | 'postal_code'>): string {
  return [c.address, c.city, c.postal_code].filter((p) => p && p.trim()).join(', ');
}

export const CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Type', 'Address', 'City', 'Postal Code', 'Date of Birth', 'Notes', 'Created At'] as const;

