// My equipment's public face for other features (docs/decisions/064-equipment.md): the service reminders.
export { sendServiceReminders, type ReminderDeps } from './equipment.reminders';
