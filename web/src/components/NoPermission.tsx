import { Icon } from './icons';

/** A page the user's roles do not open: a lock, the title and why. */
export function NoPermission({ title, text }: { title: string; text: string }) {
  return (
    <div className="panel no-permission" role="alert">
      <Icon name="lock" size={28} />
      <p className="no-permission__title">{title}</p>
      <p>{text}</p>
    </div>
  );
}
