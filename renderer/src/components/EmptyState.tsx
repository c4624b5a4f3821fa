import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.js';

export function EmptyState({
  icon,
  title,
  children,
  testId,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty" data-testid={testId}>
      <Icon name={icon} size={28} />
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}
