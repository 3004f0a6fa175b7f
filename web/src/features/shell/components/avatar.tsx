import { initials } from '../utils/initials';

type AvatarProps = {
  fullName: string;
  email: string;
  size?: 'sm' | 'md';
};

export function Avatar({ fullName, email, size = 'md' }: AvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700 ${
        size === 'sm' ? 'size-8 text-xs' : 'size-9 text-sm'
      }`}
    >
      {initials(fullName, email)}
    </span>
  );
}
