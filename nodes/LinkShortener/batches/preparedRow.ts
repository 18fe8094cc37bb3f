import type { IDataObject } from 'n8n-workflow';

import type { RowValidator } from '../fields/validation';

/** An input row that passed the checks, with the request element built from it. */
export interface PreparedRow {
	index: number;
	element: IDataObject;
}

/** Builds one row's request element; throws (an InvalidInputError, an expression error...) when the row cannot be sent. */
export type ElementBuilder = (
	row: number,
	check: RowValidator,
) => IDataObject | Promise<IDataObject>;
