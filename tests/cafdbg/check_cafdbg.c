/* placeholder: filled by the plugin unit test */
int main(void) { return 77; }
