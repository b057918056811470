import { notifications } from '@mantine/notifications';

/** Toasts: top-right, 5000 ms, light (spec 000 §9). One helper so every page says things the same way. */
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green', autoClose: 5000 }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: 5000 }),
  info: (message: string) => notifications.show({ message, color: 'blue', autoClose: 5000 }),
};
