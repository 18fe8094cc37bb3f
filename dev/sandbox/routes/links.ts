import { flatError, success, type ApiResponse } from '../http';
import { toApiLink } from '../views';
import { SEEDED } from '../seed';
import { isUuid } from '../validation';
import type { RouteContext } from './context';
import { readLinkInput } from './link-input';

/** POST /v1/links/ and POST /public/links */
export function createLink({ state, body, now }: RouteContext): ApiResponse {
	const input = readLinkInput(body, state);
	if (!input.ok) return flatError(422, input.message, { field: input.field });
	const [link] = state.createLinks([input.link], new Date(now).toISOString(), SEEDED.userId);
	return success(toApiLink(link));
}

/** GET /v1/links/{id} */
export function getLink({ state, params }: RouteContext): ApiResponse {
	const id = safeDecode(params[0]);
	if (!isUuid(id))
		return flatError(400, `Invalid link id "${id}": expected a UUID`, { field: 'id' });
	const link = state.links.get(id.toLowerCase());
	if (!link) return flatError(404, `Link ${id} not found`);
	if (!state.isVisibleToKeyUser(link)) return flatError(403, `Access denied to link ${id}`);
	return success(toApiLink(link));
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}
