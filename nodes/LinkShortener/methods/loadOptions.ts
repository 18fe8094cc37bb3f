import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { DOMAIN_VERIFIED, DOMAINS_PATH } from '../http/endpoints';
import { Api } from '../http/request';
import { listPages } from '../paging/pager';

/** Also checked here, in case a server ignores the `status` filter. */
function isVerified(domain: IDataObject): boolean {
	return domain.status === undefined || Number(domain.status) === DOMAIN_VERIFIED;
}

function defaultFirstThenByName(a: IDataObject, b: IDataObject): number {
	const byDefault = Number(b.isDefault === true) - Number(a.isDefault === true);
	return byDefault || String(a.domainName).localeCompare(String(b.domainName));
}

/** Every verified domain (only those can carry links), the default one first and marked. */
export async function getVerifiedDomains(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const domains: IDataObject[] = [];
	const request = { method: 'GET' as const, url: DOMAINS_PATH, qs: { status: DOMAIN_VERIFIED } };
	for await (const { records } of listPages(new Api(this), request))
		domains.push(...records.filter(isVerified));
	return domains.sort(defaultFirstThenByName).map((domain) => ({
		name:
			domain.isDefault === true
				? `${String(domain.domainName)} (default)`
				: String(domain.domainName),
		value: String(domain.id),
	}));
}
