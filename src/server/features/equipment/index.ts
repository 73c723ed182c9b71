// My equipment's public face for other features (docs/decisions/064-equipment.md): the service reminders, and the
// part a replaced part leads to (a warranty replacement sends the newest).
export { sendServiceReminders, type ReminderDeps } from './equipment.reminders';
export { newestOf } from './equipment.fit';
