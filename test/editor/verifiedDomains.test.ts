import { SEEDED } from '../../dev/sandbox/server';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';

describe('Domain dropdown (getVerifiedDomains)', () => {
	const fx = useLinkShortener({ pageSizeCap: 3 });

	const loadDomains = async () =>
		await fx.engine.loadOptions({
			type: NODE_TYPE,
			method: 'getVerifiedDomains',
			parameters: { resource: 'link', operation: 'create' },
			credentials: fx.credentials,
		});

	it('offers every verified domain, from every page, the default one first and marked', async () => {
		const added = fx.sandbox.addDomains(5, 1);
		fx.sandbox.addDomains(2, 5);

		const options = await loadDomains();

		expect(options).toEqual([
			{ name: `${SEEDED.defaultDomain.domainName} (default)`, value: SEEDED.defaultDomain.id },
			{ name: SEEDED.verifiedDomain.domainName, value: SEEDED.verifiedDomain.id },
			...added.map((domain) => ({ name: domain.domainName, value: domain.id })),
		]);
		const requests = fx.requestsTo('/v1/domains');
		expect(requests).toHaveLength(3);
		expect(requests.every((request) => request.query.status === '1')).toBe(true);
	});

	it('leaves out domains that are still provisioning', async () => {
		const names = (await loadDomains()).map((option) => option.name);

		for (const domain of [SEEDED.status4Domain, SEEDED.status5Domain, SEEDED.status6Domain]) {
			expect(names.join()).not.toContain(domain.domainName);
		}
	});
});
