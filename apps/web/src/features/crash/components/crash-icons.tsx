import { Icon, type IconProps } from '../../../shared/ui/icons.tsx';

/** A speaker, with sound waves when on and a cross when off. */
export function SoundIcon({ isOn, ...props }: IconProps & { isOn: boolean }) {
  return (
    <Icon {...props}>
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      {isOn ? (
        <>
          <path d="M16 9a4 4 0 0 1 0 6" />
          <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" />
        </>
      ) : (
        <path d="M16 9l5 6M21 9l-5 6" />
      )}
    </Icon>
  );
}
