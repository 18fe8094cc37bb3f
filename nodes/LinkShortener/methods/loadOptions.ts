import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listPages } from '../transport';

const VERIFIED = 1;

/** Every verified domain (only those can carry links), the default one marked. */
export async function getVerifiedDomains(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	for await (const domains of listPages(this, { method: 'GET', url: '/v1/domains', qs: { status: VERIFIED } })) {
		for (const domain of domains) {
			options.push({
				name: domain.isDefault ? `${String(domain.domainName)} (default)` : String(domain.domainName),
				value: String(domain.id),
			});
		}
	}
	return options;
}
