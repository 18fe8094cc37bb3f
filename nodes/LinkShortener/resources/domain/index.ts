import { resource } from '../resource';
import * as getMany from './getMany';

export const domain = resource('domain', [getMany], { defaultOperation: 'getMany' });
