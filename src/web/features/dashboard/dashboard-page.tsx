import { useSession } from '../auth/session.ts';

export function DashboardPage() {
  const { data: session } = useSession();
  return (
    <div>
      <h1 className="text-2xl font-semibold">Welcome back, {session?.profile.first_name || 'User'}</h1>
    </div>
  );
}
