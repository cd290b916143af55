import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { breadcrumbsFor } from '#shared/navigation.ts';

/** The spec's breadcrumb (src/shared/navigation.ts); the last crumb is the current page. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              {i > 0 ? (
                <li aria-hidden className="hidden text-slate-400 sm:block">
                  <ChevronRight className="h-4 w-4" />
                </li>
              ) : null}
              <li className={last ? 'truncate' : 'hidden truncate sm:block'}>
                {last ? (
                  <span aria-current="page" className="font-medium text-slate-900">
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.href} className="text-slate-600 hover:text-slate-900 hover:underline">
                    {crumb.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
