// Defence in depth for issue 26: a control character in a path segment or a query parameter is a
// 400 naming it, before any route reads it. The routes still validate their parameters (idParam,
// their query schemas) and bodies are refused by their own schemas, field by field.
import type { MiddlewareHandler } from 'hono';
import { hasControlCharacters, TEXT_RULE_TEXT } from '#shared/validation.ts';
import type { AppEnv } from './context.ts';
import { badRequest } from './errors.ts';

const MESSAGE = TEXT_RULE_TEXT.controlCharacters;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes are the router's concern (a 404), not a control character
  }
}

/** A readable name for the field map: the parameter's own name without its control characters. */
const printable = (name: string) => name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '') || 'parameter'; // eslint-disable-line no-control-regex

export const refuseControlCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (url.pathname.split('/').some((segment) => hasControlCharacters(decoded(segment))))
    throw badRequest(`The address contains a control character (such as NUL) that is not allowed.`, { path: MESSAGE });
  for (const [name, value] of url.searchParams) {
    // a query value may be free text (a pasted search): tab and line breaks are not refused there
    if (hasControlCharacters(name) || hasControlCharacters(value, true)) {
      const field = printable(name);
      throw badRequest(`The parameter "${field}" contains a control character (such as NUL) that is not allowed.`, { [field]: MESSAGE });
    }
  }
  await next();
};
