import { randomUUID } from 'crypto';
import { randomPath } from './random-path';
import { COMPANY_OF_USER, SEEDED, SEEDED_CLICKS, seededDomains, seededLinks } from './seed';
import type { ClickEvent, SandboxDomain, SandboxLink, SandboxTag } from './types';

/** What a link needs at creation; the state adds id, shortUrl, clicks, createdAt, owner and sequence. */
export interface LinkInput {
	longUrl: string;
	title: string;
	domain: string;
	/** Random when absent. */
	path?: string;
	tags: SandboxTag[];
	expiredAt: string | null;
}

interface Snapshot {
	links: SandboxLink[];
	domains: SandboxDomain[];
	nextSequence: number;
	nextDomainNumber: number;
}

function copyLink(link: SandboxLink): SandboxLink {
	return { ...link, tags: link.tags.map((tag) => ({ ...tag })) };
}

/** Links, domains and clicks of the sandbox, with the seeded state it can return to. */
export class SandboxState {
	readonly links = new Map<string, SandboxLink>();
	readonly domains: SandboxDomain[] = [];
	readonly clicks: ClickEvent[] = [];
	/** domain id -> path -> link id. */
	private readonly pathIndex = new Map<string, Map<string, string>>();
	private nextSequence = 1;
	private nextDomainNumber = 1;
	/** Bumped by every change to the links: lists cache their sorted order per change. */
	private changeCount = 0;
	private snapshot: Snapshot | undefined;

	constructor(seedLinks: number) {
		this.domains.push(...seededDomains());
		for (const link of seededLinks()) this.store({ ...link, sequence: this.nextSequence++ });
		this.clicks.push(...SEEDED_CLICKS.map((click) => ({ ...click })));
		if (seedLinks > 0) this.addLinks(seedLinks, {});
		this.snapshot = {
			links: [...this.links.values()].map(copyLink),
			domains: this.domains.map((domain) => ({ ...domain })),
			nextSequence: this.nextSequence,
			nextDomainNumber: this.nextDomainNumber,
		};
	}

	/** Back to the state right after construction. */
	reset(): void {
		const snapshot = this.snapshot;
		if (!snapshot) return;
		this.changeCount++;
		this.links.clear();
		this.pathIndex.clear();
		for (const link of snapshot.links) this.store(copyLink(link));
		this.domains.length = 0;
		this.domains.push(...snapshot.domains.map((domain) => ({ ...domain })));
		this.clicks.length = 0;
		this.clicks.push(...SEEDED_CLICKS.map((click) => ({ ...click })));
		this.nextSequence = snapshot.nextSequence;
		this.nextDomainNumber = snapshot.nextDomainNumber;
	}

	/** Links of the key's user and of the users of the same company. */
	isVisibleToKeyUser(link: SandboxLink): boolean {
		return (
			link.ownerId === SEEDED.userId ||
			COMPANY_OF_USER[link.ownerId] === COMPANY_OF_USER[SEEDED.userId]
		);
	}

	findDomain(id: string): SandboxDomain | undefined {
		return this.domains.find((domain) => domain.id === id);
	}

	defaultDomain(): SandboxDomain {
		return this.domains.find((domain) => domain.isDefault) ?? this.domains[0];
	}

	/** An index entry whose link was since removed or given another path (directly in `links`) does not count. */
	isPathTaken(domainId: string, path: string): boolean {
		const linkId = this.pathIndex.get(domainId)?.get(path);
		if (linkId === undefined) return false;
		const link = this.links.get(linkId);
		return link !== undefined && link.domain === domainId && link.path === path;
	}

	/**
	 * Which version of the links a list sees: changes through the state, and the count (tests
	 * may delete from `links` directly). Links edited in place call noteChange().
	 */
	get linksVersion(): string {
		return `${this.changeCount}:${this.links.size}`;
	}

	noteChange(): void {
		this.changeCount++;
	}

	/** Removes these links (unknown ids are skipped); their paths become free again. */
	deleteLinks(ids: string[]): SandboxLink[] {
		this.changeCount++;
		const removed: SandboxLink[] = [];
		for (const id of ids) {
			const link = this.links.get(id.toLowerCase());
			if (link && this.links.delete(link.id)) removed.push(link);
		}
		return removed;
	}

	/** Ids of the `count` newest links the key's user can list, in the list's default order. */
	newestVisibleIds(count: number): string[] {
		if (count <= 0) return [];
		return [...this.links.values()]
			.filter((link) => this.isVisibleToKeyUser(link))
			.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.sequence - a.sequence)
			.slice(0, count)
			.map((link) => link.id);
	}

	/** A click on a link: counted in its analytics and its `totalNumberOfClick`. */
	recordClick(click: ClickEvent): void {
		this.clicks.push(click);
		const link = this.links.get(click.linkId);
		if (link) link.totalNumberOfClick++;
	}

	/** `count` clicks on a link at once, for accounts with many clicked links. */
	addClicks(linkId: string, count: number, fields: Partial<ClickEvent> & { at: string }): void {
		const visitor = { country: 'Unknown', city: 'Unknown', referrer: 'direct' };
		const agent = { browser: 'Other', os: 'Other', device: 'desktop' };
		for (let i = 0; i < count; i++) this.recordClick({ linkId, ...visitor, ...agent, ...fields });
	}

	/** Creates the links in order, all with the same createdAt and owner. */
	createLinks(inputs: LinkInput[], createdAt: string, ownerId: string): SandboxLink[] {
		const domainsById = new Map(this.domains.map((domain) => [domain.id, domain]));
		const fallbackDomain = this.defaultDomain();
		const created: SandboxLink[] = new Array(inputs.length);
		for (let i = 0; i < inputs.length; i++) {
			const input = inputs[i];
			const domain = domainsById.get(input.domain) ?? fallbackDomain;
			let path = input.path;
			while (path === undefined || this.isPathTaken(domain.id, path)) path = randomPath();
			const link: SandboxLink = {
				id: randomUUID(),
				path,
				shortUrl: `${domain.protocol}://${domain.domainName}/${path}`,
				longUrl: input.longUrl,
				title: input.title,
				domain: domain.id,
				tags: input.tags,
				totalNumberOfClick: 0,
				createdAt,
				updatedAt: null,
				expiredAt: input.expiredAt,
				ownerId,
				sequence: this.nextSequence++,
			};
			this.store(link);
			created[i] = link;
		}
		return created;
	}

	addLinks(
		count: number,
		fields: Partial<{ title: string; longUrl: string; createdAt: string; ownerId: string }>,
	): SandboxLink[] {
		const inputs: LinkInput[] = [];
		for (let i = 0; i < count; i++) {
			const number = this.nextSequence + i;
			inputs.push({
				longUrl: fields.longUrl ?? `https://example.com/sandbox/${number}`,
				title: fields.title ?? `Sandbox link ${number}`,
				domain: this.defaultDomain().id,
				tags: [],
				expiredAt: null,
			});
		}
		return this.createLinks(
			inputs,
			fields.createdAt ?? new Date().toISOString(),
			fields.ownerId ?? SEEDED.userId,
		);
	}

	addDomains(count: number, status: number): SandboxDomain[] {
		const created: SandboxDomain[] = [];
		for (let i = 0; i < count; i++) {
			const number = this.nextDomainNumber++;
			created.push({
				id: randomUUID(),
				domainName: `sandbox-${number}.example.com`,
				isDefault: false,
				isPreferred: false,
				protocol: 'https',
				status,
				externalId: null,
				fallbackUrl: null,
				nsRecords: null,
				createdAt: new Date().toISOString(),
			});
		}
		this.domains.push(...created);
		return created;
	}

	private store(link: SandboxLink): void {
		this.changeCount++;
		this.links.set(link.id, link);
		let paths = this.pathIndex.get(link.domain);
		if (!paths) {
			paths = new Map();
			this.pathIndex.set(link.domain, paths);
		}
		paths.set(link.path, link.id);
	}
}
