import type { SandboxDomain, SandboxLink } from './types';

/** The Link record of reference 2.2, in its field order, without the sandbox-internal fields. */
export function toApiLink(link: SandboxLink) {
	return {
		id: link.id,
		path: link.path,
		shortUrl: link.shortUrl,
		longUrl: link.longUrl,
		title: link.title,
		domain: link.domain,
		tags: link.tags.map((tag) => ({ ...tag })),
		totalNumberOfClick: link.totalNumberOfClick,
		createdAt: link.createdAt,
		updatedAt: link.updatedAt,
		expiredAt: link.expiredAt,
	};
}

/** The reduced link of a bulk-update response (reference 4.5). */
export function toReducedLink(link: SandboxLink) {
	return {
		id: link.id,
		path: link.path,
		longUrl: link.longUrl,
		title: link.title,
		expiredAt: link.expiredAt,
		createdAt: link.createdAt,
		updatedAt: link.updatedAt,
	};
}

/** The Domain record of reference 2.4, in its field order. */
export function toApiDomain(domain: SandboxDomain) {
	return {
		id: domain.id,
		domainName: domain.domainName,
		isDefault: domain.isDefault,
		isPreferred: domain.isPreferred,
		protocol: domain.protocol,
		status: domain.status,
		externalId: domain.externalId,
		fallbackUrl: domain.fallbackUrl,
		nsRecords: domain.nsRecords,
		createdAt: domain.createdAt,
	};
}
