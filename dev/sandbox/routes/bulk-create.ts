import { flatError, success, type ApiResponse } from '../http';
import { toApiLink } from '../views';
import { SEEDED } from '../seed';
import type { LinkInput } from '../state';
import type { RouteContext } from './context';
import { readLinkInput } from './link-input';

export const MAX_BULK_CREATE = 10_000;

/** POST /v1/links/bulk and POST /public/links/bulk: all or nothing. */
export function bulkCreateLinks({ state, body, now }: RouteContext): ApiResponse {
	if (!Array.isArray(body))
		return flatError(422, 'The request body must be a JSON array of links', { field: 'body' });
	if (body.length === 0)
		return flatError(422, 'The request body must contain at least one link', { field: 'body' });
	if (body.length > MAX_BULK_CREATE) {
		return flatError(422, `At most ${MAX_BULK_CREATE} links per request (got ${body.length})`, {
			field: 'body',
			max: MAX_BULK_CREATE,
			count: body.length,
		});
	}

	// Validate everything before creating anything.
	const reservedPaths = new Set<string>();
	const inputs: LinkInput[] = [];
	for (let index = 0; index < body.length; index++) {
		const input = readLinkInput(body[index], state, reservedPaths);
		if (!input.ok)
			return flatError(422, `Item ${index}: ${input.message}`, { index, field: input.field });
		inputs.push(input.link);
	}

	const links = state.createLinks(inputs, new Date(now).toISOString(), SEEDED.userId);
	return success(links.map(toApiLink));
}
