import type { IDataObject } from 'n8n-workflow';

import { DOMAIN_VERIFIED, DOMAINS_PATH } from '../http/endpoints';
import type { Api } from '../http/request';
import { listPages } from '../paging/pager';

/** Every verified domain of the account (only those carry links); checked here too, in case a server ignores the `status` filter. */
export async function verifiedDomains(api: Api): Promise<IDataObject[]> {
	const domains: IDataObject[] = [];
	const request = { method: 'GET' as const, url: DOMAINS_PATH, qs: { status: DOMAIN_VERIFIED } };
	for await (const { records } of listPages(api, request))
		for (const domain of records)
			if (domain.status === undefined || Number(domain.status) === DOMAIN_VERIFIED)
				domains.push(domain);
	return domains;
}
