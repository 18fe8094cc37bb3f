import type {
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	IPollFunctions,
} from 'n8n-workflow';

import type { Api } from '../http/request';

import { linksById, listingSize } from '../links/linksById';
import { RowValidator } from '../fields/validation';
import { clickTotals } from '../links/clickTotals';
import { locatorRefOf } from '../links/linkLocator';
import { linkIdOf } from '../links/linkResolver';
import type { LinkRef } from '../links/linkRefs';
import { LINK_PATHS } from '../http/endpoints';
import {
	ClickBases,
	isSavedAs,
	readClickState,
	saveClickState,
	savedClickVersion,
	type ClickEvent,
	type ClickState,
} from './clickState';
import { linksReaching, reachedAt } from './clickMilestone';
import { daysDue, lastCompletedDay } from './dayCompleted';
import { wholeSetting } from './triggerFields';
import { basesAt, linksClicked } from './linkClicked';
import type { Lease } from './pollGuard';
import { newEpoch } from './savedState';
import { pollEvent } from './statePoll';

interface Settings {
	event: ClickEvent;
	setting: string;
	minNewClicks: number;
	milestone: number;
	graceMinutes: number;
	/** At most this many links a poll of Link Clicked or Link Reached a Click Count (0: all). */
	maxLinksPerPoll: number;
	/** Day Completed's link, by id or by short URL (looked up when a day is due). */
	link?: LinkRef;
}

function settingsOf(api: Api<IPollFunctions>, event: ClickEvent): Settings {
	// The other events' values keep the saved `setting` as earlier versions wrote it.
	const minNewClicks = event === 'linkClicked' ? wholeSetting(api, 'minNewClicks') : 1;
	const milestone = event === 'clickMilestone' ? wholeSetting(api, 'milestone') : 1;
	const graceMinutes = event === 'dayCompleted' ? wholeSetting(api, 'graceMinutes') : 0;
	const maxLinksPerPoll = event === 'dayCompleted' ? 0 : wholeSetting(api, 'maxLinksPerPoll');
	const locator = (
		event === 'dayCompleted'
			? api.context.getNodeParameter('linkId', { mode: 'list', value: '' })
			: { value: '' }
	) as INodeParameterResourceLocator;
	const given = String(locator?.value ?? '').trim() || undefined;
	const link = given
		? locatorRefOf(locator, RowValidator.ofSettings(api.context.getNode()))
		: undefined;
	const linkId = link?.kind === 'id' ? link.id : undefined;
	const shortUrl = link && link.kind !== 'id' ? link.text : undefined;
	// Not the bound: a link not emitted keeps its base, so a state saved under any bound (or
	// before there was one) goes on as it is.
	const setting = JSON.stringify({ minNewClicks, milestone, graceMinutes, linkId, shortUrl });
	return { event, setting, minNewClicks, milestone, graceMinutes, maxLinksPerPoll, link };
}

function emptyState(settings: Settings, now: number): ClickState {
	return {
		event: settings.event,
		setting: settings.setting,
		epoch: newEpoch(now),
		generation: 0,
		activatedAt: now,
		bases: new ClickBases(),
		reached: new Set(),
		lastDay: null,
		listing: null,
	};
}

/**
 * The state of a new activation: where the totals stand now, and the listing's size so that
 * the first poll that emits looks its links up the cheaper way at once; nothing is emitted.
 */
async function startingState(
	api: Api<IPollFunctions>,
	settings: Settings,
	now: number,
): Promise<ClickState> {
	const state = emptyState(settings, now);
	if (settings.event === 'dayCompleted')
		return { ...state, lastDay: lastCompletedDay(now, settings.graceMinutes) };
	const totals = await clickTotals(api, 'link');
	const listing = await listingSize(api);
	if (settings.event === 'linkClicked') return { ...state, listing, bases: basesAt(totals) };
	return { ...state, listing, reached: reachedAt(totals, settings.milestone) };
}

/** Each emitted link with its short URL, long URL and title, looked up the cheaper way (D14). */
async function withDetails(
	api: Api<IPollFunctions>,
	state: ClickState,
	emitted: IDataObject[],
): Promise<{ items: IDataObject[]; listing: ClickState['listing'] }> {
	const ids = emitted.map((item) => String(item.id));
	const { links, listing } = await linksById(api, ids, { known: state.listing ?? undefined });
	const items = emitted.map((item) => {
		const link = links.get(String(item.id));
		const { shortUrl, longUrl, title } = link ?? {};
		return {
			id: item.id,
			shortUrl,
			longUrl,
			title,
			...item,
			...(link ? {} : { linkFound: false }),
		};
	});
	return { items, listing: listing ?? state.listing };
}

/**
 * The links Link Clicked or Link Reached a Click Count emits (without their details), and the
 * state after them, from the totals read now: a million links' totals are not kept while the
 * details are read.
 */
async function linksDue(
	api: Api<IPollFunctions>,
	settings: Settings,
	state: ClickState,
	now: number,
): Promise<{ emitted: IDataObject[]; next: ClickState }> {
	const { minNewClicks, milestone, maxLinksPerPoll } = settings;
	const totals = await clickTotals(api, 'link');
	if (settings.event === 'linkClicked') {
		const { clicked, bases } = linksClicked(state, totals, now, minNewClicks, maxLinksPerPoll);
		return { emitted: clicked, next: { ...state, bases } };
	}
	const { links, reached } = linksReaching(state.reached, totals, milestone, maxLinksPerPoll);
	return { emitted: links.map((link) => ({ ...link, milestone })), next: { ...state, reached } };
}

/** One poll of a click event from `state`: what to emit, and the state after it. */
async function pollFrom(
	api: Api<IPollFunctions>,
	settings: Settings,
	state: ClickState,
	now: number,
): Promise<{ items: IDataObject[]; next: ClickState }> {
	if (settings.event === 'dayCompleted') {
		const days = daysDue(
			state.lastDay ?? lastCompletedDay(now, settings.graceMinutes),
			now,
			settings.graceMinutes,
		);
		if (days.length === 0) return { items: [], next: state };
		const { link } = settings;
		const query = link ? { link_id: await linkIdOf(api, link, LINK_PATHS.v1.list) } : {};
		const totals = await clickTotals(api, 'day', query);
		const items = days.map((day) => ({ day, clicks: totals.valueOf(day) ?? 0 }));
		return { items, next: { ...state, lastDay: days[days.length - 1] } };
	}
	const { emitted, next } = await linksDue(api, settings, state, now);
	const { items, listing } = await withDetails(api, state, emitted);
	return { items, next: { ...next, listing } };
}

/** "Fetch Test Event": the latest of what the event would emit from a fresh start; nothing saved. */
export async function sampleClickEvent(
	api: Api<IPollFunctions>,
	event: ClickEvent,
): Promise<INodeExecutionData[][] | null> {
	// One link is all the sample shows: the first the bound would choose.
	const settings = { ...settingsOf(api, event), maxLinksPerPoll: 1 };
	const now = Date.now();
	const from = { ...emptyState(settings, now), lastDay: '1970-01-01' };
	const { items } = await pollFrom(api, settings, from, now);
	return items.length > 0 ? [api.context.helpers.returnJsonArray(items.slice(-1))] : null;
}

/**
 * A poll of Link Clicked, Link Reached a Click Count or Day Completed, with New Link's rules:
 * the first poll after activation only notes where things stand, "Fetch Test Event" shows a
 * sample without moving the saved state, one poll of a trigger at a time, the newest state wins.
 */
export async function pollClickEvent(
	api: Api<IPollFunctions>,
	event: ClickEvent,
	key: string,
	lease: Lease,
): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(api, event);
	const now = Date.now();
	return await pollEvent<ClickState>(api, key, lease, {
		read: (staticData) => {
			// The state this process saved last is the one stored: no need to read 100,000 links back.
			const known = lease.committed<ClickState>(savedClickVersion(staticData));
			const stored = known && isSavedAs(staticData, known) ? known : readClickState(staticData);
			return stored?.event === event && stored.setting === settings.setting ? stored : undefined;
		},
		save: saveClickState,
		start: async () => await startingState(api, settings, now),
		step: async (state) => await pollFrom(api, settings, state, now),
		withGeneration: (state, generation) => ({ ...state, generation }),
	});
}
