/** Days missed while the workflow was inactive come on the next poll, this many at most. */
const MAX_DAYS_BACK = 31;
const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The newest UTC day whose end lies `graceMinutes` or more in the past. */
export function lastCompletedDay(now: number, graceMinutes: number): string {
	return dayOf(now - graceMinutes * 60_000 - DAY_MS);
}

/**
 * Day Completed: the days after `lastDay` up to the newest completed one, oldest first, at most
 * MAX_DAYS_BACK of them.
 */
export function daysDue(lastDay: string, now: number, graceMinutes: number): string[] {
	const newest = Date.parse(`${lastCompletedDay(now, graceMinutes)}T00:00:00Z`);
	const oldest = Math.max(
		Date.parse(`${lastDay}T00:00:00Z`) + DAY_MS,
		newest - (MAX_DAYS_BACK - 1) * DAY_MS,
	);
	const days: string[] = [];
	for (let day = oldest; day <= newest; day += DAY_MS) days.push(dayOf(day));
	return days;
}
