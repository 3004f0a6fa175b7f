type ToastMessageProps = {
  title: string;
  description?: string;
};

export function ToastMessage({ title, description }: ToastMessageProps) {
  return (
    <span className="block">
      <span className="block font-semibold">{title}</span>
      {description ? <span className="mt-0.5 block opacity-90">{description}</span> : null}
    </span>
  );
}
