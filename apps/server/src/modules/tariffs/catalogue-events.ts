import { EventEmitter } from 'node:events';

/**
 * Fired in this process after a catalogue import committed, so this node's in-memory index is
 * current for the very next request; other nodes notice the stored version by polling.
 */
export const catalogueEvents = new EventEmitter();
export const CATALOGUE_CHANGED = 'changed';

/** The settings row whose value grows with every import (not public: the settings API hides it). */
export const CATALOGUE_VERSION_KEY = 'tariff_catalogue_version';
