import type { LinkInput, SandboxState } from '../state';
import { isHttpUrl, isPlainObject, normalizeTimestamp, readTags } from '../validation';

export type LinkInputCheck =
	| { ok: true; link: LinkInput }
	| { ok: false; field: string; message: string };

const CUSTOM_PATH = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Validates one create-link object (single create and each bulk element).
 * `reservedPaths` holds `${domainId} ${path}` keys already claimed earlier in the same request.
 */
export function readLinkInput(
	raw: unknown,
	state: SandboxState,
	reservedPaths?: Set<string>,
): LinkInputCheck {
	if (!isPlainObject(raw))
		return { ok: false, field: 'body', message: 'body: must be a JSON object' };
	if (raw.longUrl === undefined || raw.longUrl === null || raw.longUrl === '') {
		return { ok: false, field: 'longUrl', message: 'long_url: field required' };
	}
	if (!isHttpUrl(raw.longUrl)) {
		return { ok: false, field: 'longUrl', message: 'long_url: must be an absolute http(s) URL' };
	}
	if (raw.title !== undefined && typeof raw.title !== 'string') {
		return { ok: false, field: 'title', message: 'title: must be a string' };
	}

	let domain = state.defaultDomain();
	if (raw.domain !== undefined) {
		const found = typeof raw.domain === 'string' ? state.findDomain(raw.domain) : undefined;
		if (!found)
			return {
				ok: false,
				field: 'domain',
				message: `domain: domain ${String(raw.domain)} does not exist`,
			};
		if (found.status !== 1) {
			return {
				ok: false,
				field: 'domain',
				message: `domain: domain ${found.domainName} is not verified (status ${found.status})`,
			};
		}
		domain = found;
	}

	let path: string | undefined;
	if (raw.path !== undefined) {
		if (typeof raw.path !== 'string' || !CUSTOM_PATH.test(raw.path)) {
			return {
				ok: false,
				field: 'path',
				message: 'path: must be 1-64 characters of letters, digits, "-" or "_"',
			};
		}
		const key = `${domain.id} ${raw.path}`;
		if (state.isPathTaken(domain.id, raw.path) || reservedPaths?.has(key)) {
			return {
				ok: false,
				field: 'path',
				message: `path: "${raw.path}" is already taken on ${domain.domainName}`,
			};
		}
		reservedPaths?.add(key);
		path = raw.path;
	}

	let expiredAt: string | null = null;
	if (raw.expiredAt !== undefined && raw.expiredAt !== null) {
		const normalized = normalizeTimestamp(raw.expiredAt);
		if (!normalized)
			return {
				ok: false,
				field: 'expiredAt',
				message: 'expired_at: must be an ISO 8601 timestamp',
			};
		expiredAt = normalized;
	}

	let tags: LinkInput['tags'] = [];
	if (raw.tags !== undefined) {
		const read = readTags(raw.tags);
		if (!read)
			return {
				ok: false,
				field: 'tags',
				message: 'tags: must be an array of objects with a non-empty string "name"',
			};
		tags = read;
	}

	return {
		ok: true,
		link: {
			longUrl: raw.longUrl,
			title: raw.title ?? '',
			domain: domain.id,
			path,
			tags,
			expiredAt,
		},
	};
}
