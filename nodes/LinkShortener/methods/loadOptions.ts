import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { Api } from '../http/request';
import { verifiedDomains } from '../links/verifiedDomains';

function defaultFirstThenByName(a: IDataObject, b: IDataObject): number {
	const byDefault = Number(b.isDefault === true) - Number(a.isDefault === true);
	return byDefault || String(a.domainName).localeCompare(String(b.domainName));
}

/** Every verified domain (only those can carry links), the default one first and marked. */
export async function getVerifiedDomains(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const domains = await verifiedDomains(new Api(this));
	return domains.sort(defaultFirstThenByName).map((domain) => ({
		name:
			domain.isDefault === true
				? `${String(domain.domainName)} (default)`
				: String(domain.domainName),
		value: String(domain.id),
	}));
}
