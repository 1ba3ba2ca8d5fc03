/**
 * What the backup, restore and copy commands will not do as asked (a file that is not there, a
 * database that holds data, a backup of the other kind), with the reason in Danish. The scripts
 * print it and exit with 2, as for a wrong use, where any other failure exits with 1.
 */
export class Refusal extends Error {
  override readonly name = "Refusal";
}
