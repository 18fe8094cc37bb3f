import type { ApiResponse } from '../http';
import { toReducedLink } from '../views';
import type { SandboxLink, SandboxTag } from '../types';
import { isHttpUrl, isPlainObject, isUuid, normalizeTimestamp, readTags } from '../validation';
import type { RouteContext } from './context';

type FieldErrors = Array<Record<string, { message: string; error_code: string }>>;

/** The 400 body of reference 7.4: one object per offending field. */
export function bulkUpdateInvalid(errors: Array<{ key: string; message: string }>): ApiResponse {
	const body: FieldErrors = errors.map(({ key, message }) => ({
		[key]: { message, error_code: 'INVALID_INPUT' },
	}));
	return { status: 400, body: { success: false, errors: body } };
}

export const BULK_UPDATE_UNAUTHORIZED: ApiResponse = {
	status: 401,
	body: { success: false, error: 'unauthorized', message: 'Token is invalid or expired' },
};

interface LinkChanges {
	id: string;
	longUrl?: string;
	title?: string;
	expiredAt?: string | null;
	tags?: SandboxTag[];
}

function readChanges(
	raw: unknown,
	index: number,
	errors: Array<{ key: string; message: string }>,
): LinkChanges | undefined {
	if (!isPlainObject(raw)) {
		errors.push({ key: String(index), message: `Item ${index}: must be an object` });
		return undefined;
	}
	const before = errors.length;
	const fail = (field: string, problem: string) =>
		errors.push({ key: `${index}.${field}`, message: `Item ${index}: ${field} ${problem}` });
	const changes: LinkChanges = { id: '' };

	if (raw.id === undefined) fail('id', 'is required');
	else if (!isUuid(raw.id)) fail('id', 'must be a UUID');
	else changes.id = raw.id;

	if (raw.longUrl !== undefined) {
		if (isHttpUrl(raw.longUrl)) changes.longUrl = raw.longUrl;
		else fail('longUrl', 'must be an absolute http(s) URL');
	}
	if (raw.title !== undefined) {
		if (typeof raw.title === 'string') changes.title = raw.title;
		else fail('title', 'must be a string');
	}
	if (raw.expiredAt === null) changes.expiredAt = null;
	else if (raw.expiredAt !== undefined) {
		const expiredAt = normalizeTimestamp(raw.expiredAt);
		if (expiredAt) changes.expiredAt = expiredAt;
		else fail('expiredAt', 'must be an ISO 8601 timestamp');
	}
	if (raw.tags !== undefined) {
		const tags = readTags(raw.tags);
		if (tags) changes.tags = tags;
		else fail('tags', 'must be an array of objects with a non-empty string "name"');
	}
	return errors.length === before ? changes : undefined;
}

/** PATCH /public/links/bulk: everything is checked first; a refusal applies nothing. */
export function bulkUpdateLinks({ state, body, now }: RouteContext): ApiResponse {
	if (!Array.isArray(body))
		return bulkUpdateInvalid([{ key: 'items', message: 'items must be an array' }]);
	if (body.length === 0)
		return bulkUpdateInvalid([{ key: 'items', message: 'items must not be empty' }]);

	const errors: Array<{ key: string; message: string }> = [];
	const allChanges = body.map((raw, index) => readChanges(raw, index, errors));
	if (errors.length > 0) return bulkUpdateInvalid(errors);

	const targets: Array<{ link: SandboxLink; changes: LinkChanges }> = [];
	for (const changes of allChanges as LinkChanges[]) {
		const link = state.links.get(changes.id.toLowerCase());
		if (!link)
			return {
				status: 404,
				body: { success: false, error: 'not_found', message: `Link ${changes.id} not found` },
			};
		if (!state.isVisibleToKeyUser(link)) {
			return {
				status: 403,
				body: {
					success: false,
					error: 'forbidden',
					message: `Access denied to link ${changes.id}`,
				},
			};
		}
		targets.push({ link, changes });
	}

	const updatedAt = new Date(now).toISOString();
	state.noteChange();
	const data = targets.map(({ link, changes }) => {
		if (changes.longUrl !== undefined) link.longUrl = changes.longUrl;
		if (changes.title !== undefined) link.title = changes.title;
		if (changes.expiredAt !== undefined) link.expiredAt = changes.expiredAt;
		if (changes.tags !== undefined) link.tags = changes.tags;
		link.updatedAt = updatedAt;
		return toReducedLink(link);
	});
	return { status: 200, body: { success: true, data } };
}
