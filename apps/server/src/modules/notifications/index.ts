// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export {
  deliveryStatuses,
  eraseNotifications,
  forgetUnboundNotifications,
  type NewNotification,
  notificationsOfOrder,
  SECRET_MASK,
} from './repository';
export { configuredChannels, NOTIFICATION_QUEUES, queueNotifications, secretKeys } from './service';
