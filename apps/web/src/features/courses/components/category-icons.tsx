import type { Category } from '@kaksha/contracts';
import {
  Bot,
  Brain,
  ChartColumn,
  CodeXml,
  FlaskConical,
  Layers,
  type LucideIcon,
  Palette,
  ShieldCheck,
  Smartphone,
} from 'lucide-react';

export const CATEGORY_ICONS: Record<Category, LucideIcon> = {
  'Web Development': CodeXml,
  'UI UX Designing': Palette,
  'App Development': Smartphone,
  'Ethical Hacking': ShieldCheck,
  'AI/ML': Brain,
  'Data Science': FlaskConical,
  'Data Analytics': ChartColumn,
  'AI Tools': Bot,
  Others: Layers,
};
