import { resource } from '../resource';
import * as getClicks from './getClicks';

export const analytics = resource('analytics', [getClicks]);
