/**
 * Temporary: server modules not yet switched to '~/server/i18n' still import the full `t` from
 * here. Browser code never imports this file (it would ship every message): islands and browser
 * modules use their area's module under ./messages.
 */
export { t, type MessageKey } from '~/server/i18n';
