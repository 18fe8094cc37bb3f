import type { ClickEvent, SandboxDomain, SandboxLink } from './types';

/** Fixed identifiers of the seeded state, for tests. */
export const SEEDED = {
	/** The user the API key belongs to (company A). */
	userId: '11111111-1111-4111-8111-111111111111',
	/** Another user of company A: the key's user may read and update their links. */
	colleagueUserId: '22222222-2222-4222-8222-222222222222',
	/** A user of another company (B): their links are refused. */
	foreignUserId: '99999999-9999-4999-8999-999999999999',
	defaultDomain: { id: 'd1000000-0000-4000-8000-000000000001', domainName: 'sho.rt', status: 1 },
	verifiedDomain: {
		id: 'd1000000-0000-4000-8000-000000000002',
		domainName: 'go.example.com',
		status: 1,
	},
	status4Domain: {
		id: 'd1000000-0000-4000-8000-000000000004',
		domainName: 'status-4.example.com',
		status: 4,
	},
	status5Domain: {
		id: 'd1000000-0000-4000-8000-000000000005',
		domainName: 'status-5.example.com',
		status: 5,
	},
	status6Domain: {
		id: 'd1000000-0000-4000-8000-000000000006',
		domainName: 'status-6.example.com',
		status: 6,
	},
	/** Links of the key's user, oldest first; they carry the seeded clicks (20, 12 and 4). */
	ownLinks: [
		{
			id: 'a1000000-0000-4000-8000-000000000001',
			path: 'spring',
			title: 'Spring campaign',
			longUrl: 'https://shop.example.com/spring-sale',
			createdAt: '2024-01-15T10:00:00.000Z',
			clicks: 20,
		},
		{
			id: 'a1000000-0000-4000-8000-000000000002',
			path: 'launch',
			title: 'Product launch',
			longUrl: 'https://www.example.com/products/new',
			createdAt: '2024-02-01T12:30:00.000Z',
			clicks: 12,
		},
		{
			id: 'a1000000-0000-4000-8000-000000000003',
			path: 'docs',
			title: 'Docs home',
			longUrl: 'https://docs.example.org/',
			createdAt: '2024-02-20T08:15:00.000Z',
			clicks: 4,
		},
	],
	/** Links of company B (foreignUserId). */
	foreignLinks: [
		{
			id: 'f1000000-0000-4000-8000-000000000001',
			path: 'other1',
			title: 'Other company link 1',
			longUrl: 'https://other.example.net/one',
			createdAt: '2024-01-20T09:00:00.000Z',
			clicks: 5,
		},
		{
			id: 'f1000000-0000-4000-8000-000000000002',
			path: 'other2',
			title: 'Other company link 2',
			longUrl: 'https://other.example.net/two',
			createdAt: '2024-02-10T09:00:00.000Z',
			clicks: 0,
		},
	],
} as const;

/** Which company each known user belongs to; an unknown owner is a company of its own. */
export const COMPANY_OF_USER: Readonly<Record<string, string>> = {
	[SEEDED.userId]: 'company-a',
	[SEEDED.colleagueUserId]: 'company-a',
	[SEEDED.foreignUserId]: 'company-b',
};

export function seededDomains(): SandboxDomain[] {
	const base = {
		protocol: 'https',
		externalId: null,
		fallbackUrl: null,
		nsRecords: null,
		isDefault: false,
		isPreferred: false,
	};
	return [
		{
			...base,
			id: SEEDED.defaultDomain.id,
			domainName: SEEDED.defaultDomain.domainName,
			status: 1,
			isDefault: true,
			isPreferred: true,
			createdAt: '2023-06-01T00:00:00.000Z',
		},
		{
			...base,
			id: SEEDED.verifiedDomain.id,
			domainName: SEEDED.verifiedDomain.domainName,
			status: 1,
			externalId: 'ext-go-example',
			fallbackUrl: 'https://www.example.com/',
			createdAt: '2023-09-12T14:00:00.000Z',
		},
		{
			...base,
			id: SEEDED.status4Domain.id,
			domainName: SEEDED.status4Domain.domainName,
			status: 4,
			nsRecords: ['ns1.sandbox.example', 'ns2.sandbox.example'],
			createdAt: '2024-03-01T00:00:00.000Z',
		},
		{
			...base,
			id: SEEDED.status5Domain.id,
			domainName: SEEDED.status5Domain.domainName,
			status: 5,
			createdAt: '2024-03-02T00:00:00.000Z',
		},
		{
			...base,
			id: SEEDED.status6Domain.id,
			domainName: SEEDED.status6Domain.domainName,
			status: 6,
			createdAt: '2024-03-03T00:00:00.000Z',
		},
	];
}

/** The fixed links, in creation order (sequence is assigned by the state). */
export function seededLinks(): Array<Omit<SandboxLink, 'sequence'>> {
	const domainNames: Record<string, string> = {
		[SEEDED.defaultDomain.id]: SEEDED.defaultDomain.domainName,
		[SEEDED.verifiedDomain.id]: SEEDED.verifiedDomain.domainName,
	};
	const extras: Record<string, Partial<SandboxLink>> = {
		[SEEDED.ownLinks[1].id]: {
			domain: SEEDED.verifiedDomain.id,
			tags: [{ name: 'launch' }, { name: 'promo' }],
		},
		[SEEDED.ownLinks[2].id]: {
			expiredAt: '2030-01-01T00:00:00.000Z',
			updatedAt: '2024-02-21T10:00:00.000Z',
		},
	};
	const all = [
		...SEEDED.ownLinks.map((link) => ({ link, ownerId: SEEDED.userId as string })),
		...SEEDED.foreignLinks.map((link) => ({ link, ownerId: SEEDED.foreignUserId as string })),
	].sort((a, b) => a.link.createdAt.localeCompare(b.link.createdAt));

	return all.map(({ link, ownerId }) => {
		const extra = extras[link.id] ?? {};
		const domain = extra.domain ?? SEEDED.defaultDomain.id;
		return {
			id: link.id,
			path: link.path,
			shortUrl: `https://${domainNames[domain]}/${link.path}`,
			longUrl: link.longUrl,
			title: link.title,
			domain,
			tags: extra.tags ?? [],
			totalNumberOfClick: link.clicks,
			createdAt: link.createdAt,
			updatedAt: extra.updatedAt ?? null,
			expiredAt: extra.expiredAt ?? null,
			ownerId,
		};
	});
}

const PLACES = [
	['US', 'New York'],
	['DE', 'Berlin'],
	['US', 'San Francisco'],
	['FR', 'Paris'],
	['GB', 'London'],
	['DE', 'Munich'],
	['US', 'New York'],
] as const;
const BROWSERS = ['Chrome', 'Safari', 'Chrome', 'Firefox', 'Edge'] as const;
const SYSTEMS = ['Windows', 'iOS', 'macOS', 'Android', 'Linux', 'Windows'] as const;
const DEVICES = ['desktop', 'mobile', 'desktop', 'tablet'] as const;
const REFERRERS = [
	'google.com',
	'direct',
	'twitter.com',
	'direct',
	'news.ycombinator.com',
] as const;

/** Deterministic click events: 2024-02-25 to 2024-03-10, over the seeded links that have clicks. */
function buildClicks(): ClickEvent[] {
	const events: ClickEvent[] = [];
	const firstDay = Date.UTC(2024, 1, 25);
	const linksWithClicks = [...SEEDED.ownLinks, ...SEEDED.foreignLinks];
	linksWithClicks.forEach((link, linkIndex) => {
		for (let n = 0; n < link.clicks; n++) {
			const i = n + linkIndex * 3;
			const day = (n * 5 + linkIndex) % 15;
			const at = new Date(firstDay + day * 86_400_000 + ((n * 7) % 24) * 3_600_000);
			const [country, city] = PLACES[i % PLACES.length];
			events.push({
				linkId: link.id,
				at: at.toISOString(),
				country,
				city,
				referrer: REFERRERS[i % REFERRERS.length],
				browser: BROWSERS[i % BROWSERS.length],
				os: SYSTEMS[i % SYSTEMS.length],
				device: DEVICES[i % DEVICES.length],
			});
		}
	});
	return events;
}

/** Every seeded click event (including the foreign link's, which the key's user never sees). */
export const SEEDED_CLICKS: readonly ClickEvent[] = Object.freeze(buildClicks());
