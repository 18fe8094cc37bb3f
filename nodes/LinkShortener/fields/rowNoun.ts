/** What a run's messages call its rows: input items, or the rows of JSON lists. */
export interface RowNoun {
	one: string;
	many: string;
}

export const INPUT_ITEMS: RowNoun = { one: 'input item', many: 'input items' };
